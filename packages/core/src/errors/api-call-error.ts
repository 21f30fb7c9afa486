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
  declare readonly provider: string;
  declare readonly reason: ApiFailureReason;
  /** HTTP status when the service answered, undefined for timeouts and network failures. */
  declare readonly status: number | undefined;
  /** Whether trying again later could succeed. */
  declare readonly retryable: boolean;

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
    const { provider, reason, status, retryable } = options;
    Object.assign(this, { provider, reason, status, retryable });
  }

  static override isInstance(value: unknown): value is ApiCallError {
    return hasErrorCode(value, 'api-call-failed');
  }
}
