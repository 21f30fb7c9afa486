// Node-only pieces (they read and write files): kept off the main entry so it loads on edge
// runtimes and in browsers.
export { type FileStore, type FileStoreOptions, fileStore } from './cache/file-store.js';
