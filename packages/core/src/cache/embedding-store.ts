/**
 * Where `cached()` keeps vectors, by opaque string key. Small on purpose: a Redis or SQL store
 * is a `getMany` (MGET / `SELECT ... WHERE key IN`) and a `setMany` (MSET / upsert).
 */
export interface EmbeddingStore {
  /** One entry per key, in order: the stored vector, or `undefined` when absent. */
  getMany(keys: readonly string[]): Promise<(Float32Array | undefined)[]>;
  /** Stores vectors; a key stored again replaces the earlier vector. */
  setMany(entries: readonly (readonly [key: string, vector: Float32Array])[]): Promise<void>;
  /** Flushes and releases files or connections; the store is unusable afterwards. */
  close?(): Promise<void>;
}

/** Receives a human-readable warning about data a store skipped (corrupt or torn entries). */
export type WarningHandler = (message: string) => void;

/** Default warning handler: `console.warn`, so skipped data is never silent. */
export const warnToConsole: WarningHandler = (message) => {
  console.warn(message);
};
