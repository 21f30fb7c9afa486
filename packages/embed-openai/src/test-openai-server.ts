import { sendHalfJson, sendJson, startHttpServer, vectorOf } from '@shortlist/test-servers';

export { vectorOf };

/** A request the test server received, as parsed JSON plus the headers that matter. */
interface RecordedRequest {
  readonly body: {
    model: string;
    input: string[];
    encoding_format?: string;
    dimensions?: number;
  };
  readonly authorization: string | undefined;
  readonly retryCount: string | undefined;
  readonly receivedAt: number;
}

/** One wire item before encoding, so faults can rewrite what the server would have sent. */
interface WireItem {
  object: 'embedding';
  index: number | undefined;
  embedding: number[];
}

/** A scripted answer to the next request, in place of the normal one. */
type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'hang' }
  | { kind: 'truncate' }
  /** Sends the headers and half the body, then nothing more (the connection stays open). */
  | { kind: 'stall-body' }
  | { kind: 'not-json' }
  | { kind: 'rewrite'; items: (items: WireItem[]) => WireItem[] };

export interface OpenAITestServer {
  /** Base URL to give the SDK, ending in /v1. */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  /** Queues faults; each request consumes one, then the server answers normally. */
  script(...faults: Fault[]): void;
  /** Forgets recorded requests and unused faults, between tests. */
  reset(): void;
  close(): Promise<void>;
}

function base64Of(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => {
    bytes.writeFloatLE(value, i * 4);
  });
  return bytes.toString('base64');
}

/**
 * Starts a real HTTP server on 127.0.0.1 that speaks `POST /v1/embeddings` like the OpenAI API:
 * float or base64 vectors per `encoding_format`, `dimensions` honoured, usage counted per input.
 */
export async function startOpenAIServer(
  options: { defaultDimensions?: number } = {},
): Promise<OpenAITestServer> {
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const http = await startHttpServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
      return;
    }
    const body = JSON.parse(req.text) as RecordedRequest['body'];
    requests.push({
      body,
      authorization: req.headers.authorization,
      retryCount: req.headers['x-stainless-retry-count'] as string | undefined,
      receivedAt: Date.now(),
    });
    const fault = faults.shift();
    if (fault?.kind === 'status') {
      sendJson(res, fault.status, fault.body ?? { error: { message: 'scripted' } }, fault.headers);
      return;
    }
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
    if (res.destroyed) return;
    if (fault?.kind === 'not-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"object":"list","data":[{"object":"embedding","index":0,"embedding":<html>');
      return;
    }
    const dimensions = body.dimensions ?? options.defaultDimensions ?? 8;
    let items: WireItem[] = body.input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: Array.from(vectorOf(text, dimensions)),
    }));
    if (fault?.kind === 'rewrite') items = fault.items(items);
    const data = items.map((item) => ({
      ...item,
      embedding: body.encoding_format === 'base64' ? base64Of(item.embedding) : item.embedding,
    }));
    const tokens = body.input.reduce((sum, text) => sum + text.length, 0);
    const payload = {
      object: 'list',
      data,
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    };
    if (fault?.kind === 'stall-body') return sendHalfJson(res, payload, 'stall');
    if (fault?.kind === 'truncate') return sendHalfJson(res, payload, 'drop');
    sendJson(res, 200, payload);
  });
  return {
    baseURL: `${http.origin}/v1`,
    requests,
    script: (...more) => {
      faults.push(...more);
    },
    reset: () => {
      requests.length = 0;
      faults.length = 0;
    },
    close: () => http.close(),
  };
}
