import type { EmbeddingsWire, WireItem } from './embeddings-wire.js';

/** A request to `POST /v1/embeddings`, as the OpenAI SDK sends it. */
export interface OpenAIEmbeddingsBody {
  model: string;
  input: string[];
  encoding_format?: string;
  dimensions?: number;
}

function base64Of(vector: readonly unknown[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => {
    bytes.writeFloatLE(Number(value), i * 4);
  });
  return bytes.toString('base64');
}

/**
 * OpenAI's embeddings API (and Ollama's, vLLM's, LM Studio's): float or base64 vectors per
 * `encoding_format`, `dimensions` honoured, usage counted as one token per character.
 */
export const openAIEmbeddingsWire: EmbeddingsWire<OpenAIEmbeddingsBody> = {
  path: '/v1/embeddings',
  url: (origin) => `${origin}/v1`,
  texts: (body) => (Array.isArray(body.input) ? body.input : [String(body.input)]),
  model: (body) => body.model,
  dimensions: (body) => body.dimensions,
  encode(items: readonly WireItem[], body) {
    const tokens = openAIEmbeddingsWire.texts(body).reduce((sum, text) => sum + text.length, 0);
    return {
      object: 'list',
      data: items.map((item) => ({
        object: 'embedding',
        index: item.index,
        embedding: body.encoding_format === 'base64' ? base64Of(item.embedding) : item.embedding,
      })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    };
  },
  error: (message) => ({ error: { message, type: 'api_error' } }),
  brokenBody: '{"object":"list","data":[{"object":"embedding","index":0,"embedding":<html>',
};
