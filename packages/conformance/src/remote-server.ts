/** One vector as a fault sees it before the wire encodes it. */
export interface RemoteWireItem {
  /** The input it belongs to; undefined on wires without indexes. */
  index: number | undefined;
  embedding: unknown[];
}

/** A scripted answer to the next request, in place of the normal one. */
export type RemoteFault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Answers normally after `delayMs`. */
  | { kind: 'slow'; delayMs: number }
  /** Reads the request and never answers. */
  | { kind: 'hang' }
  /** Sends the headers and half the body, then drops the connection. */
  | { kind: 'truncate' }
  /** Sends the headers and half the body, then nothing more (the connection stays open). */
  | { kind: 'stall-body' }
  | { kind: 'not-json' }
  /** Changes the vectors before they are encoded: drop, reorder, re-index, zero, shorten. */
  | { kind: 'rewrite'; items: (items: RemoteWireItem[]) => RemoteWireItem[] };

/**
 * A local server speaking the provider's embeddings wire, with scripted faults: in this
 * repository, `startEmbeddingsServer` of `@shortlist/test-servers` with the provider's wire.
 */
export interface RemoteEmbeddingsServer {
  /** What the embedder is pointed at (a base URL or an endpoint URL). */
  readonly url: string;
  readonly requests: readonly { readonly receivedAt: number; readonly texts: readonly string[] }[];
  /** Queues faults; each request consumes one, then the server answers normally. */
  script(...faults: RemoteFault[]): void;
  /** Forgets requests and unused faults. */
  reset(): void;
  close(): Promise<void>;
}
