// Node-only pieces (they read and write files): kept off the main entry so it loads on edge
// runtimes and in browsers.
export { type FileStore, type FileStoreOptions, fileStore } from './cache/file-store.js';
export {
  type FileSnapshotStore,
  type FileSnapshotStoreOptions,
  fileSnapshotStore,
} from './snapshot/file-snapshot-store.js';
