/**
 * Where picker snapshots (`encodePickerSnapshot` containers) are kept, by opaque string key.
 * Shaped like `EmbeddingStore`, one value a call since a snapshot can be megabytes: a Redis or
 * SQL store is a GET and a SET.
 */
export interface SnapshotStore {
  /** The stored snapshot, or `undefined` when absent. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Stores a snapshot; a key stored again replaces the earlier one. */
  set(key: string, snapshot: Uint8Array): Promise<void>;
  /** Releases files or connections; the store is unusable afterwards. */
  close?(): Promise<void>;
}
