import type { Picker, Pipeline, ToolInput } from '@shortlist/core';
import type { WarningHandler } from '@shortlist/core/kit';
import { type CatalogueSync, type CatalogueSyncOptions, syncCatalogue } from './catalogue-sync.js';
import { restoreOrIndex, type SnapshotOptions } from './picker-snapshots.js';
import type { RedisTarget } from './redis-connection.js';

export interface SharedPickerOptions {
  /** A Redis URL or an ioredis client. */
  readonly redis: RedisTarget;
  /** Prefix of every key written. @default 'shortlist:' */
  readonly prefix?: string;
  /** Which shared catalogue this process follows. @default 'default' */
  readonly catalogue?: string;
  /** Ranker options, embedder model...: a snapshot made under another value is never used. */
  readonly configuration?: unknown;
  /** @default console.warn */
  readonly onWarning?: WarningHandler;
  /** Further snapshot settings (`timeoutMs`, `ttlMs`, `buildWaitMs`). */
  readonly snapshot?: Omit<SnapshotOptions, 'redis' | 'prefix' | 'configuration' | 'onWarning'>;
  /** Further sync settings (`fromId`, `timeoutMs`, `blockMs`, `retryMs`, `onApplied`). */
  readonly sync?: Omit<CatalogueSyncOptions, 'redis' | 'prefix' | 'catalogue' | 'onWarning'>;
}

/** A picker restored from (or indexed and stored to) Redis, following the shared catalogue. */
export interface SharedPicker<Original> {
  readonly picker: Picker<Original>;
  readonly source: 'restored' | 'indexed';
  /** Change the catalogue through this, not `picker.add`/`remove`, so every process follows. */
  readonly sync: CatalogueSync;
  /** Stops following and releases the picker. */
  close(): Promise<void>;
}

/**
 * What a server with replicas (an MCP gateway) needs in one call: restore the picker for this
 * catalogue and pipeline from Redis or build and share it, then follow catalogue changes.
 */
export async function sharedPicker<Original>(
  pipeline: Pipeline,
  tools: ToolInput<Original>,
  options: SharedPickerOptions,
): Promise<SharedPicker<Original>> {
  const common = { redis: options?.redis, prefix: options?.prefix, onWarning: options?.onWarning };
  const { picker, source } = await restoreOrIndex(pipeline, tools, {
    ...options?.snapshot,
    ...common,
    configuration: options?.configuration,
  });
  const sync = syncCatalogue(picker, {
    ...options?.sync,
    ...common,
    catalogue: options?.catalogue,
  });
  return {
    picker,
    source,
    sync,
    async close() {
      await sync.close();
      picker.dispose();
    },
  };
}
