/** Progress of long work (indexing, embedding): `done` of `total` units of `phase`. */
export interface Progress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
}

/** Options every spec call accepts. */
export interface CallOptions {
  /** Aborts the call; it then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Options of calls that may take long enough to report progress. */
export interface LongCallOptions extends CallOptions {
  readonly onProgress?: (progress: Progress) => void;
}

/** A value or a promise of it; lets fast plugins answer without a microtask. */
export type Awaitable<T> = T | PromiseLike<T>;
