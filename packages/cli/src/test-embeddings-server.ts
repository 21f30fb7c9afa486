import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local OpenAI-compatible embeddings server (the wire format Ollama and vLLM speak). */
export interface EmbeddingsServer {
  readonly baseURL: string;
  /** Model ids of the requests received, in order. */
  readonly models: string[];
  close(): Promise<void>;
}

/** Hashes word trigrams of the lowercased text into `dimensions` buckets: similar texts, similar vectors. */
function embed(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      let hash = 2166136261;
      for (let j = i; j < i + 3; j++) hash = Math.imul(hash ^ padded.charCodeAt(j), 16777619);
      vector[(hash >>> 0) % dimensions]! += 1;
    }
  }
  return vector;
}

/**
 * Serves POST /v1/embeddings for `model` only; any other model gets Ollama's 404 reply.
 * Float or base64 vectors per `encoding_format`.
 */
export async function startEmbeddingsServer(
  model: string,
  dimensions: number,
): Promise<EmbeddingsServer> {
  const models: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const parsed = JSON.parse(body || '{}') as {
        model?: string;
        input?: string | string[];
        encoding_format?: string;
      };
      models.push(String(parsed.model));
      response.setHeader('content-type', 'application/json');
      if (request.url !== '/v1/embeddings' || parsed.model !== model) {
        response.statusCode = 404;
        response.end(
          JSON.stringify({
            error: {
              message: `model "${parsed.model}" not found, try pulling it first`,
              type: 'api_error',
            },
          }),
        );
        return;
      }
      const inputs = Array.isArray(parsed.input) ? parsed.input : [String(parsed.input)];
      const data = inputs.map((text, index) => {
        const vector = embed(text, dimensions);
        const embedding =
          parsed.encoding_format === 'base64'
            ? Buffer.from(Float32Array.from(vector).buffer).toString('base64')
            : vector;
        return { object: 'embedding', index, embedding };
      });
      response.end(
        JSON.stringify({
          object: 'list',
          model,
          data,
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    models,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
