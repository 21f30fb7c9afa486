export type { CatalogueSync, CatalogueSyncOptions } from './catalogue-sync.js';
export { syncCatalogue } from './catalogue-sync.js';
export { type RestoredPicker, restoreOrIndex, type SnapshotOptions } from './picker-snapshots.js';
export type { RedisTarget } from './redis-connection.js';
export {
  type RedisExampleStore,
  type RedisExampleStoreOptions,
  redisExampleStore,
} from './redis-example-store.js';
export {
  type RedisSnapshotStore,
  type RedisSnapshotStoreOptions,
  redisSnapshotStore,
} from './redis-snapshot-store.js';
export { type RedisStore, type RedisStoreOptions, redisStore } from './redis-store.js';
export { type SharedPicker, type SharedPickerOptions, sharedPicker } from './shared-picker.js';
