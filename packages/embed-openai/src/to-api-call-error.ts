import { ApiCallError } from '@shortlist/core';
import type { ApiFailureReason } from '@shortlist/core/kit';
import { type Redactor, safeCause } from '@shortlist/remote';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { BodyCutOffError } from './bounded-fetch.js';

/** What an error message may say about the call; never the key itself. */
export interface CallContext {
  readonly model: string;
  readonly baseURL: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  /** Scrubs the key (and anything shaped like an OpenAI key) from messages and causes. */
  readonly redaction: Redactor;
}

function make(
  context: CallContext,
  reason: ApiFailureReason,
  retryable: boolean,
  message: string,
  error: unknown,
  status?: number,
): ApiCallError {
  return new ApiCallError({
    provider: 'openai',
    reason,
    retryable,
    message: context.redaction.clean(message),
    ...(status === undefined ? {} : { status }),
    cause: reason === 'authentication' ? undefined : safeCause(error, context.redaction),
  });
}

/** Maps what the OpenAI SDK threw, after its retries, to one typed error with a reason. */
export function toApiCallError(error: unknown, context: CallContext): ApiCallError {
  if (ApiCallError.isInstance(error)) return error;
  const attempts = context.maxRetries + 1;
  const tries = `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  const at = `${context.baseURL} (model ${context.model})`;
  if (error instanceof APIConnectionTimeoutError) {
    return make(
      context,
      'timeout',
      true,
      `OpenAI embeddings request to ${at} timed out ${tries} of ${context.timeoutMs} ms each; raise timeoutMs or check the server`,
      error,
    );
  }
  if (error instanceof APIConnectionError && error.cause instanceof BodyCutOffError) {
    return make(
      context,
      'invalid-response',
      true,
      `OpenAI embeddings response from ${at} was cut off ${tries} (${error.cause.message})`,
      error,
    );
  }
  if (error instanceof APIConnectionError) {
    return make(
      context,
      'network',
      true,
      `could not reach ${at} ${tries}: ${error.message}; check baseURL and the network`,
      error,
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const said = error.message;
    if (status === 401 || status === 403) {
      return make(
        context,
        'authentication',
        false,
        `OpenAI rejected the API key (${status}) at ${at}: check apiKey or OPENAI_API_KEY, and that the key may use this model. Server said: ${said}`,
        error,
        status,
      );
    }
    if (status === 429) {
      return make(
        context,
        'rate-limit',
        true,
        `OpenAI rate limit or quota hit ${tries} at ${at}; lower concurrency, raise maxRetries, or check your quota. Server said: ${said}`,
        error,
        status,
      );
    }
    if (status === 408) {
      return make(
        context,
        'timeout',
        true,
        `the server timed out ${tries} at ${at}: ${said}`,
        error,
        status,
      );
    }
    if (status >= 500 || status === 409) {
      return make(
        context,
        'server',
        true,
        `OpenAI server error ${status} ${tries} at ${at}; try again later. Server said: ${said}`,
        error,
        status,
      );
    }
    const hint =
      status === 404 ? 'check the model id and baseURL' : 'check the inputs, model and dimensions';
    return make(
      context,
      'bad-request',
      false,
      `OpenAI refused the request at ${at}; ${hint}. Server said: ${said}`,
      error,
      status,
    );
  }
  // Anything else failed while reading the body: cut off mid-way or not JSON.
  const detail = error instanceof Error ? error.message : String(error);
  return make(
    context,
    'invalid-response',
    true,
    `OpenAI embeddings response from ${at} was malformed or cut off (${detail})`,
    error,
  );
}
