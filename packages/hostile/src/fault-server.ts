import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers the next request; each request takes one, then it answers normally. */
export type ServerFault =
  | { kind: 'stall-body' }
  | { kind: 'retry-after'; header: string; value: string }
  | { kind: 'component'; value: number }
  | { kind: 'echo-key' }
  /** Every vector all zeros. */
  | { kind: 'zeros' }
  /** OpenAI only: every item claims index 0. */
  | { kind: 'same-index' };

export interface FaultServer {
  /** `…/v1` for the OpenAI SDK. */
  readonly openaiURL: string;
  /** The feature-extraction endpoint for the Hugging Face SDK. */
  readonly hfURL: string;
  readonly requests: () => number;
  script(...faults: ServerFault[]): void;
  close(): Promise<void>;
}

const vector = (text: string, dimensions: number): number[] =>
  Array.from({ length: dimensions }, (_, i) => ((text.length + i * 7) % 11) / 11 - 0.5);

/**
 * A real HTTP server on 127.0.0.1 speaking OpenAI's `POST /v1/embeddings` (float vectors) and
 * Hugging Face feature extraction (`POST /hf`, a JSON array of vectors), with scripted faults.
 */
export async function startFaultServer(dimensions = 8): Promise<FaultServer> {
  const faults: ServerFault[] = [];
  const open = new Set<ServerResponse>();
  let requests = 0;
  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests++;
      const body = JSON.parse(raw || '{}') as { input?: string[]; inputs?: string[] };
      const texts = body.input ?? body.inputs ?? [];
      const fault = faults.shift();
      if (fault?.kind === 'retry-after') {
        res.writeHead(429, { 'content-type': 'application/json', [fault.header]: fault.value });
        res.end('{"error":{"message":"slow down"}}');
        return;
      }
      if (fault?.kind === 'echo-key') {
        res.writeHead(400, {
          'content-type': 'application/json',
          'x-echo': String(req.headers.authorization),
        });
        res.end('{"error":{"message":"bad request"}}');
        return;
      }
      const vectors = texts.map((text) => vector(text, dimensions));
      if (fault?.kind === 'component') for (const v of vectors) v[2] = fault.value;
      if (fault?.kind === 'zeros') for (const v of vectors) v.fill(0);
      const indexOf = (index: number) => (fault?.kind === 'same-index' ? 0 : index);
      const json = (v: number[]) => `[${v.map((x) => String(x)).join(',')}]`;
      const text =
        req.url === '/hf'
          ? `[${vectors.map(json).join(',')}]`
          : `{"object":"list","data":[${vectors
              .map(
                (v, index) =>
                  `{"object":"embedding","index":${indexOf(index)},"embedding":${json(v)}}`,
              )
              .join(',')}],"model":"m","usage":{"prompt_tokens":1,"total_tokens":1}}`;
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      if (fault?.kind === 'stall-body') {
        res.write(text.slice(0, Math.floor(text.length / 2)));
        return;
      }
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    openaiURL: `http://127.0.0.1:${port}/v1`,
    hfURL: `http://127.0.0.1:${port}/hf`,
    requests: () => requests,
    script: (...more) => {
      faults.push(...more);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
