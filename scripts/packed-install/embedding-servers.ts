import { type HttpServer, sendJson, startHttpServer } from '@shortlist/test-servers';

/**
 * A bag-of-words vector: texts sharing words point the same way, so a README's promised pick
 * (the tool sharing the query's words) is what a local server's vectors give too.
 */
function bagOfWords(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word === '') continue;
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    vector[(hash >>> 0) % dimensions]! += 1;
  }
  return vector;
}

const base64Of = (vector: number[]): string =>
  Buffer.from(new Float32Array(vector).buffer).toString('base64');

/** `POST /v1/embeddings` as the OpenAI API answers it: float or base64 vectors, `dimensions` honoured. */
export function startOpenAIEmbeddings(defaultDimensions: number): Promise<HttpServer> {
  return startHttpServer((request, res) => {
    if (request.method !== 'POST' || request.path !== '/v1/embeddings') {
      return sendJson(res, 404, {
        error: { message: `no route ${request.method} ${request.url}` },
      });
    }
    const body = JSON.parse(request.text) as {
      model: string;
      input: string[];
      encoding_format?: string;
      dimensions?: number;
    };
    const data = body.input.map((text, index) => {
      const vector = bagOfWords(text, body.dimensions ?? defaultDimensions);
      const embedding = body.encoding_format === 'base64' ? base64Of(vector) : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = body.input.reduce((sum, text) => sum + text.split(' ').length, 0);
    sendJson(res, 200, {
      object: 'list',
      data,
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  });
}

/** text-embeddings-inference's `POST /embed`: `{ inputs }` in, one pooled vector per input out. */
export function startTextEmbeddingsInference(dimensions: number): Promise<HttpServer> {
  return startHttpServer((request, res) => {
    if (request.method !== 'POST' || request.path !== '/embed') {
      return sendJson(res, 404, { error: `no route ${request.method} ${request.url}` });
    }
    const { inputs } = JSON.parse(request.text) as { inputs: string | string[] };
    const texts = typeof inputs === 'string' ? [inputs] : inputs;
    sendJson(
      res,
      200,
      texts.map((text) => bagOfWords(text, dimensions)),
    );
  });
}

/**
 * A module to preload with `node --import`: every `fetch` to anything but 127.0.0.1 throws, so a
 * README run proves it reached no remote service and downloaded nothing.
 */
export const loopbackOnly = `const real = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') throw new Error(\`network access to \${url.href} in a README run\`);
  return real(input, init);
};
`;
