import { hasErrorCode, ShortlistError } from './shortlist-error.js';

/** Why a remote call failed, so callers can branch without parsing messages. */
export type ApiFailureReason =
  | 'authentication'
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'network'
  | 'bad-request'
  | 'invalid-response';

/** A remote service (an embeddings API) failed after any retries; never carries credentials. */
export class ApiCallError extends ShortlistError {
  readonly provider: string;
  readonly reason: ApiFailureReason;
  /** HTTP status when the service answered, undefined for timeouts and network failures. */
  readonly status: number | undefined;
  /** Whether trying again later could succeed. */
  readonly retryable: boolean;

  constructor(options: {
    provider: string;
    reason: ApiFailureReason;
    status?: number;
    retryable: boolean;
    message: string;
    cause?: unknown;
  }) {
    super('api-call-failed', options.message, { cause: options.cause });
    this.name = 'ApiCallError';
    this.provider = options.provider;
    this.reason = options.reason;
    this.status = options.status;
    this.retryable = options.retryable;
  }

  static override isInstance(value: unknown): value is ApiCallError {
    return hasErrorCode(value, 'api-call-failed');
  }
}
