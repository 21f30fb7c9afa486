import { type FeatureExtractionArgs, InferenceClient } from '@huggingface/inference';
import { ApiCallError, type EmbedderV1 } from '@shortlist/core';
import { throwIfAborted } from '@shortlist/core/kit';
import {
  backoffMs,
  MAX_RETRY_AFTER_MS,
  type Redactor,
  readCredential,
  redactor,
  remoteEmbedder,
  retryAfterMs,
  safeCause,
  sleep,
} from '@shortlist/remote';
import { type AttemptFailure, classifyFailure, type SeenResponse } from './classify-failure.js';
import type { HFEmbedderOptions } from './hf-embedder-options.js';
import { OutputShapeError, poolOutput, unitLength } from './pool-output.js';
import { type HFSettings, resolveSettings } from './resolve-settings.js';

const hints: Record<AttemptFailure['reason'], string> = {
  authentication: 'check accessToken or HF_TOKEN, and that the token may call this model',
  'rate-limit': 'lower concurrency, raise maxRetries, or check your plan',
  server: 'try again later',
  timeout: 'raise timeoutMs or check the server',
  network: 'check endpointUrl and the network',
  'bad-request': 'check the model id, endpointUrl and inputs',
  'invalid-response': 'no vectors were returned rather than risk misaligning them',
};

/** Text shaped like a Hugging Face token, masked in errors even when it is not the one in use. */
const hfTokenShape = { pattern: /\bhf_[A-Za-z0-9]{6,}/, mask: 'hf_[redacted]' };

function resolveToken(settings: HFSettings): string | undefined {
  return readCredential({
    given: settings.accessToken,
    envVar: 'HF_TOKEN',
    argument: 'createHFEmbedder(options.accessToken)',
    expected: 'a Hugging Face access token',
    missing:
      'no Hugging Face token: set the HF_TOKEN environment variable or pass createHFEmbedder({ accessToken }) (not needed with an endpointUrl that has no auth)',
    optional: settings.endpointUrl !== undefined,
  });
}

/**
 * An embedder on `@huggingface/inference` feature extraction: Inference Providers, a dedicated
 * Inference Endpoint or a text-embeddings-inference server. Pools per-token output, batches,
 * and retries with backoff and `retry-after` itself (the SDK only re-sends 503s, at once and
 * without limit, so that is switched off).
 */
export function createHFEmbedder(options: HFEmbedderOptions): EmbedderV1 {
  const settings = resolveSettings(options);
  let connection: { client: InferenceClient; redaction: Redactor } | undefined;
  const where = settings.endpointUrl ?? `provider ${settings.provider}`;

  const fail = (failure: AttemptFailure, attempts: number, error: unknown, redaction: Redactor) =>
    new ApiCallError({
      provider: 'huggingface',
      reason: failure.reason,
      retryable: failure.retryable,
      ...(failure.status === undefined ? {} : { status: failure.status }),
      message: redaction.clean(
        `Hugging Face feature extraction for ${settings.model} at ${where} failed (${failure.reason}${
          failure.status === undefined ? '' : ` ${failure.status}`
        }) after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${failure.detail}; ${hints[failure.reason]}`,
      ),
      cause: failure.reason === 'authentication' ? undefined : safeCause(error, redaction),
    });

  const embedChunk = async (texts: string[], signal: AbortSignal | undefined) => {
    connection ??= (() => {
      const token = resolveToken(settings);
      return {
        client: new InferenceClient(token ?? ''),
        redaction: redactor([token], [hfTokenShape]),
      };
    })();
    const { client, redaction } = connection;
    const args: FeatureExtractionArgs = {
      model: settings.model,
      inputs: texts,
      ...(settings.endpointUrl === undefined
        ? { provider: settings.provider }
        : { endpointUrl: settings.endpointUrl }),
      ...(settings.truncate === undefined ? {} : { truncate: settings.truncate }),
    };
    for (let attempt = 0; ; attempt++) {
      throwIfAborted(signal);
      const seen: SeenResponse = {};
      const base = settings.fetch ?? globalThis.fetch;
      const seeingFetch: typeof fetch = async (input, init) => {
        const response = await base(input, init);
        seen.status = response.status;
        seen.headers = response.headers;
        return response;
      };
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let failure: AttemptFailure;
      try {
        const output = await client.featureExtraction(args, {
          signal: attemptSignal,
          fetch: seeingFetch,
          retry_on_error: false,
        });
        const vectors = poolOutput(output, texts.length, settings.pooling);
        vectors.forEach((vector, i) => {
          if (vector.length !== settings.dimensions) {
            throw new OutputShapeError(
              `a vector of ${vector.length} dimensions for texts[${i}], expected ${settings.dimensions} (is the dimensions option right for this model?)`,
            );
          }
          if (settings.normalize) unitLength(vector);
        });
        return vectors;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        failure = classifyFailure(error, seen, timeout.aborted);
        if (error instanceof OutputShapeError) {
          failure = { ...failure, detail: `the response had ${error.message}` };
        }
        if (failure.reason === 'timeout' && timeout.aborted) {
          failure = { ...failure, detail: `no answer within ${settings.timeoutMs} ms` };
        }
        const asked = failure.retryable ? retryAfterMs(seen.headers) : undefined;
        if (!failure.retryable || attempt >= settings.maxRetries) {
          throw fail(failure, attempt + 1, error, redaction);
        }
        if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) {
          throw fail(
            {
              ...failure,
              detail: `${failure.detail} (the server asked to wait ${Math.round(asked / 1000)} s)`,
            },
            attempt + 1,
            error,
            redaction,
          );
        }
        await sleep(asked ?? backoffMs(attempt, settings.retryDelayMs), signal);
      }
    }
  };

  return remoteEmbedder({
    provider: 'huggingface',
    modelId: settings.model,
    dimensions: settings.dimensions,
    maxBatchSize: settings.maxBatchSize,
    maxConcurrency: settings.concurrency,
    service: 'feature extraction',
    async embed(texts, { signal, onProgress }) {
      const embeddings: Float32Array[] = [];
      onProgress?.({ phase: 'huggingface: embed', done: 0, total: texts.length });
      for (let start = 0; start < texts.length; start += settings.maxBatchSize) {
        const chunk = texts.slice(start, start + settings.maxBatchSize);
        embeddings.push(...(await embedChunk(chunk, signal)));
        onProgress?.({
          phase: 'huggingface: embed',
          done: start + chunk.length,
          total: texts.length,
        });
      }
      return { embeddings };
    },
  });
}
