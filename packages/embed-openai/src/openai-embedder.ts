import type { EmbedderV1 } from '@shortlist/core';
import { raceAbort, throwIfAborted } from '@shortlist/core/kit';
import { readCredential, redactor, remoteEmbedder } from '@shortlist/remote';
import OpenAI from 'openai';
import type { EmbeddingCreateParams } from 'openai/resources/embeddings';
import { boundedFetch } from './bounded-fetch.js';
import type { OpenAIEmbedderOptions } from './openai-embedder-options.js';
import { readEmbeddings } from './read-embeddings.js';
import { resolveSettings } from './resolve-settings.js';
import { type CallContext, toApiCallError } from './to-api-call-error.js';
import { planRequests, prepareInputs } from './token-batches.js';

/** Text shaped like an OpenAI key, masked in errors even when it is not the key in use. */
const openAIKeyShape = { pattern: /\bsk-[A-Za-z0-9_*-]{3,}/, mask: 'sk-[redacted]' };

/**
 * An embedder on the official `openai` SDK, for OpenAI or any OpenAI-compatible server. Splits
 * work by the API's input and token limits (counted with cl100k_base), truncates over-long
 * inputs with a warning, and leaves retries of 408/409/429/5xx and timeouts to the SDK; each
 * attempt's `timeoutMs` covers the whole response, body included, and `retry-after` is capped.
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions = {}): EmbedderV1 {
  const settings = resolveSettings(options ?? {});
  let client: OpenAI | undefined;
  let context: CallContext | undefined;

  const connect = (): { client: OpenAI; context: CallContext } => {
    if (!client || !context) {
      const apiKey = readCredential({
        given: settings.apiKey,
        envVar: 'OPENAI_API_KEY',
        argument: 'createOpenAIEmbedder(options.apiKey)',
        expected: 'an OpenAI API key',
        missing:
          'no OpenAI API key: set the OPENAI_API_KEY environment variable or pass createOpenAIEmbedder({ apiKey }) (any non-empty string for a local server that ignores keys)',
      });
      client = new OpenAI({
        apiKey,
        maxRetries: settings.maxRetries,
        timeout: settings.timeoutMs,
        ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
        ...(settings.organization === undefined ? {} : { organization: settings.organization }),
        ...(settings.headers === undefined ? {} : { defaultHeaders: { ...settings.headers } }),
        fetch: boundedFetch(settings.fetch ?? ((input, init) => globalThis.fetch(input, init))),
      });
      context = {
        model: settings.model,
        baseURL: client.baseURL,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
        redaction: redactor([apiKey], [openAIKeyShape]),
      };
    }
    return { client, context };
  };

  const request = async (input: string[], signal: AbortSignal | undefined) => {
    const { client, context } = connect();
    const body: EmbeddingCreateParams = {
      model: settings.model,
      input,
      encoding_format: settings.encodingFormat,
      ...(settings.sendDimensions ? { dimensions: settings.dimensions } : {}),
    };
    try {
      const response = await raceAbort(client.embeddings.create(body, { signal }), signal);
      return readEmbeddings(response, input.length, settings.dimensions);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw toApiCallError(error, context);
    }
  };

  return remoteEmbedder({
    provider: 'openai',
    modelId: settings.model,
    dimensions: settings.dimensions,
    maxBatchSize: settings.maxBatchSize,
    maxConcurrency: settings.concurrency,
    service: 'the OpenAI API',
    async embed(texts, { signal, onProgress }) {
      const inputs = prepareInputs(texts, settings.maxInputTokens);
      inputs.forEach((input, index) => {
        if (input.truncatedFrom === undefined) return;
        settings.onWarning({
          type: 'input-truncated',
          index,
          tokens: input.truncatedFrom,
          message: `texts[${index}] has ${input.counted ? '' : 'more than '}${input.truncatedFrom} tokens, over the ${settings.maxInputTokens}-token input limit; embedded its first ${input.tokens} tokens`,
        });
      });
      const ranges = planRequests(inputs, settings.maxBatchSize, settings.maxTokensPerRequest);
      const embeddings: Float32Array[] = [];
      let tokens = 0;
      let tokensKnown = true;
      onProgress?.({ phase: 'openai: embed', done: 0, total: texts.length });
      for (const [start, end] of ranges) {
        throwIfAborted(signal);
        const result = await request(
          inputs.slice(start, end).map((input) => input.text),
          signal,
        );
        embeddings.push(...result.embeddings);
        if (result.tokens === undefined) tokensKnown = false;
        else tokens += result.tokens;
        onProgress?.({ phase: 'openai: embed', done: end, total: texts.length });
      }
      return tokensKnown ? { embeddings, usage: { tokens } } : { embeddings };
    },
  });
}
