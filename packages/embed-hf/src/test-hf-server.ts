import { sendHalfJson, sendJson, startHttpServer, vectorOf } from '@shortlist/test-servers';

export { vectorOf };

/** A request the test server received, exactly as the SDK sent it. */
interface RecordedRequest {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly body: { inputs: string[] | string; [key: string]: unknown };
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly receivedAt: number;
}

/** How the server lays out vectors, covering what feature-extraction servers return. */
type OutputShape =
  | 'pooled' // number[][]: one vector per input
  | 'tokens' // number[][][]: per-token vectors per input
  | 'single' // number[]: one input, no batch level
  | 'tokens-single' // number[][]: one input's per-token vectors, no batch level
  | 'nested'; // number[][][][]: per-token vectors under a batch of one per input

/** A scripted answer to the next request, in place of the normal one. */
type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'hang' }
  | { kind: 'truncate' }
  | { kind: 'not-json' }
  | { kind: 'rewrite'; output: (output: unknown[]) => unknown };

export interface HFTestServer {
  /** A URL to pass as `endpointUrl`. */
  readonly endpointUrl: string;
  /** `http://127.0.0.1:<port>`, to route the SDK's Hub and router URLs here through `fetch`. */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Provider-mapping lookups the SDK made on the Hub API (`GET /api/models/...`). */
  readonly hubRequests: string[];
  /** Layout of normal answers. @default 'pooled' */
  shape: OutputShape;
  /** Queues faults; each request consumes one, then the server answers normally. */
  script(...faults: Fault[]): void;
  reset(): void;
  close(): Promise<void>;
}

/** Three token vectors whose mean is the text's vector and whose first is distinct (for cls). */
export function tokensOf(text: string, dimensions: number): number[][] {
  const v = Array.from(vectorOf(text, dimensions));
  return [v.map((x, i) => x + 0.25 * ((i % 3) - 1)), v, v.map((x, i) => x - 0.25 * ((i % 3) - 1))];
}

function layout(inputs: string[], shape: OutputShape, dimensions: number): unknown {
  const pooled = (t: string) => Array.from(vectorOf(t, dimensions));
  if (shape === 'single' && inputs.length === 1) return pooled(inputs[0]!);
  if (shape === 'tokens-single' && inputs.length === 1) return tokensOf(inputs[0]!, dimensions);
  if (shape === 'tokens') return inputs.map((t) => tokensOf(t, dimensions));
  if (shape === 'nested') return inputs.map((t) => [tokensOf(t, dimensions)]);
  return inputs.map(pooled);
}

/**
 * Starts a real HTTP server on 127.0.0.1 that answers feature extraction as the SDK calls it
 * with `endpointUrl`: `POST <endpointUrl>` with `{ inputs: string[] }`, a JSON array of vectors back.
 */
export async function startHFServer(options: { dimensions?: number } = {}): Promise<HFTestServer> {
  const dimensions = options.dimensions ?? 8;
  const requests: RecordedRequest[] = [];
  const hubRequests: string[] = [];
  const faults: Fault[] = [];
  const state = { shape: 'pooled' as OutputShape };
  const http = await startHttpServer(async (req, res) => {
    const hub = /^\/api\/models\/(.+)\?expand\[\]=inferenceProviderMapping$/.exec(
      decodeURIComponent(req.url),
    );
    if (req.method === 'GET' && hub) {
      // The Hub's answer to "which providers serve this model", as the SDK asks before routing.
      hubRequests.push(req.url);
      const mapping = { providerId: hub[1], status: 'live', task: 'feature-extraction' };
      sendJson(res, 200, { inferenceProviderMapping: { 'hf-inference': mapping } });
      return;
    }
    const body = JSON.parse(req.text) as RecordedRequest['body'];
    requests.push({
      method: req.method,
      url: req.url,
      body,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      receivedAt: Date.now(),
    });
    const fault = faults.shift();
    if (fault?.kind === 'status') {
      sendJson(res, fault.status, fault.body ?? { error: 'scripted failure' }, fault.headers);
      return;
    }
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
    if (res.destroyed) return;
    if (fault?.kind === 'not-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[[0.1, 0.2, <html>');
      return;
    }
    const inputs = Array.isArray(body.inputs) ? body.inputs : [body.inputs];
    let output = layout(inputs, state.shape, dimensions);
    if (fault?.kind === 'rewrite') output = fault.output(output as unknown[]);
    if (fault?.kind === 'truncate') return sendHalfJson(res, output, 'drop');
    sendJson(res, 200, output);
  });
  return {
    endpointUrl: `${http.origin}/embed`,
    origin: http.origin,
    requests,
    hubRequests,
    get shape() {
      return state.shape;
    },
    set shape(value: OutputShape) {
      state.shape = value;
    },
    script: (...more) => {
      faults.push(...more);
    },
    reset: () => {
      requests.length = 0;
      hubRequests.length = 0;
      faults.length = 0;
      state.shape = 'pooled';
    },
    close: () => http.close(),
  };
}
