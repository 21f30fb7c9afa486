import {
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientRoutingError,
} from '@huggingface/inference';
import type { ApiFailureReason } from '@shortlist/core/kit';
import { OutputShapeError } from './pool-output.js';

/** The last HTTP response of an attempt, seen through the fetch the SDK was given. */
export interface SeenResponse {
  status?: number;
  headers?: Headers;
}

/** Why one attempt failed and whether another could succeed. */
export interface AttemptFailure {
  readonly reason: ApiFailureReason;
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly detail: string;
}

function byStatus(status: number): Pick<AttemptFailure, 'reason' | 'retryable'> {
  if (status === 401 || status === 403) return { reason: 'authentication', retryable: false };
  if (status === 429) return { reason: 'rate-limit', retryable: true };
  if (status === 408) return { reason: 'timeout', retryable: true };
  if (status >= 500) return { reason: 'server', retryable: true };
  return { reason: 'bad-request', retryable: false };
}

/** Classifies what one `featureExtraction` attempt threw. */
export function classifyFailure(
  error: unknown,
  seen: SeenResponse,
  timedOut: boolean,
): AttemptFailure {
  const detail = error instanceof Error ? error.message : String(error);
  if (timedOut) return { reason: 'timeout', retryable: true, status: undefined, detail };
  if (
    error instanceof InferenceClientProviderApiError ||
    error instanceof InferenceClientHubApiError
  ) {
    const status = error.httpResponse.status;
    return { ...byStatus(status), status, detail };
  }
  if (error instanceof InferenceClientProviderOutputError || error instanceof OutputShapeError) {
    return { reason: 'invalid-response', retryable: false, status: seen.status, detail };
  }
  if (seen.status !== undefined && seen.status >= 400) {
    return { ...byStatus(seen.status), status: seen.status, detail };
  }
  if (seen.status !== undefined) {
    // The response arrived but its body was cut off or was not JSON; a retry may get a whole one.
    return { reason: 'invalid-response', retryable: true, status: seen.status, detail };
  }
  if (error instanceof InferenceClientInputError || error instanceof InferenceClientRoutingError) {
    return { reason: 'bad-request', retryable: false, status: undefined, detail };
  }
  return { reason: 'network', retryable: true, status: undefined, detail };
}
