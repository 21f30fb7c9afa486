export { fileExampleStore } from './file-example-store.js';
export type { FileExampleStore, FileExampleStoreOptions } from './file-example-store-options.js';
