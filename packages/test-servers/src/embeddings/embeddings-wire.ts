import type { ServerResponse } from 'node:http';
import type { RemoteWireItem } from '@shortlist/conformance';
import type { ReceivedRequest } from '../http-server.js';

/** One vector as the server would send it, before the wire encodes it; faults may rewrite it. */
export type WireItem = RemoteWireItem;

/**
 * How one provider's embeddings API looks on the wire: where it is served, how texts arrive and
 * how vectors and errors go back. A new remote embedder's tests need one of these, nothing more.
 */
export interface EmbeddingsWire<Body> {
  /** Path of the embeddings route, e.g. '/v1/embeddings'; without one, any POST is a request. */
  readonly path?: string;
  /** What the client is pointed at, from the server's origin (a base URL or an endpoint URL). */
  url(origin: string): string;
  /** The texts of a request body. */
  texts(body: Body): string[];
  /** The model a request names, if any. */
  model(body: Body): string | undefined;
  /** The vector length a request asks for, if it may. */
  dimensions(body: Body): number | undefined;
  /** The success body for `items`, answering `body`. */
  encode(items: readonly WireItem[], body: Body): unknown;
  /** The body of an error answer saying `message`. */
  error(message: string): unknown;
  /** The start of a success body, cut where it stops being JSON. */
  readonly brokenBody: string;
  /** Answers a request to any other route (a Hub lookup); true when it did. */
  route?(request: ReceivedRequest, res: ServerResponse): boolean;
  /** Forgets per-test state, with the server's `reset`. */
  reset?(): void;
}
