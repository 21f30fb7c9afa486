import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fnv1a } from '@shortlist/core/kit';

/** A local server speaking OpenAI's `POST /v1/embeddings`, counting what it is asked to embed. */
export interface EmbeddingsServer {
  readonly baseURL: string;
  /** Requests and texts received since the last `reset`. */
  counts(): { requests: number; texts: number; distinct: number };
  reset(): void;
  close(): Promise<void>;
}

/** A deterministic unit-length vector of a text, so every worker gets the same one. */
function vectorOf(text: string, dimensions: number): Buffer {
  let seed = fnv1a(text);
  const values = new Float32Array(dimensions);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    values[i] = ((t ^ (t >>> 14)) >>> 0) / 2147483648 - 1;
    norm += values[i]! * values[i]!;
  }
  for (let i = 0; i < dimensions; i++) values[i]! /= Math.sqrt(norm);
  return Buffer.from(values.buffer);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const chunk of req) data += chunk;
  return data;
}

export async function startEmbeddingsServer(): Promise<EmbeddingsServer> {
  let requests = 0;
  let texts = 0;
  const seen = new Set<string>();
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as {
      model: string;
      input: string[];
      dimensions?: number;
      encoding_format?: string;
    };
    requests++;
    texts += body.input.length;
    for (const text of body.input) seen.add(text);
    const dimensions = body.dimensions ?? 1536;
    const data = body.input.map((text, index) => {
      const bytes = vectorOf(text, dimensions);
      return {
        object: 'embedding',
        index,
        embedding:
          body.encoding_format === 'base64'
            ? bytes.toString('base64')
            : Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, dimensions)),
      };
    });
    const tokens = body.input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    const payload = JSON.stringify({
      object: 'list',
      data,
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    counts: () => ({ requests, texts, distinct: seen.size }),
    reset() {
      requests = 0;
      texts = 0;
      seen.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
