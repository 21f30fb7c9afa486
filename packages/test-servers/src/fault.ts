/** A scripted failure a server answers with instead of the model's reply. */
export interface Fault {
  /** The HTTP status; 0 with `stall`. */
  readonly status: number;
  readonly headers?: Record<string, string>;
  /** JSON body; each server supplies its API's error shape when absent. */
  readonly body?: unknown;
  /** Read the request and never answer it, so the client's timeout must fire. */
  readonly stall?: boolean;
  /** Send this text as the body verbatim, e.g. truncated JSON. */
  readonly raw?: string;
}

/** Faults queued by a test; each request consumes one before the model answers again. */
export interface FaultQueue {
  push(...faults: Fault[]): void;
  next(): Fault | undefined;
  clear(): void;
}

/** An empty fault queue. */
export function faultQueue(): FaultQueue {
  const faults: Fault[] = [];
  return {
    push: (...more) => {
      faults.push(...more);
    },
    next: () => faults.shift(),
    clear: () => {
      faults.length = 0;
    },
  };
}

/** A request the server never answers. */
export const stalled: Fault = { status: 0, stall: true };

/** A 200 whose body is cut mid-JSON, as a dropped proxy would deliver it. */
export const malformed: Fault = { status: 200, raw: '{"id":"cut","object":' };
