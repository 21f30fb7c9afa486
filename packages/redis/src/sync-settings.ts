import type { WarningHandler } from '@shortlist/core/kit';
import type { CatalogueSyncOptions } from './catalogue-sync.js';
import { warnToConsole } from './outage-notice.js';
import { positiveInteger } from './redis-connection.js';

const FIRST_CONNECT_MS = 2000;

/** `syncCatalogue`'s options checked once, defaults applied and keys named, for every part of the sync. */
export interface SyncSettings {
  readonly stream: string;
  /** The stream's last word on every name it ever carried ('' for a removal), for resyncs. */
  readonly stateKey: string;
  /** `syncCatalogue(<stream>)`, which opens every warning and error. */
  readonly label: string;
  readonly fromId: string;
  readonly maxEntries: number;
  readonly maxAgeMs: number | undefined;
  readonly timeoutMs: number;
  readonly blockMs: number;
  readonly retryMs: number;
  /** The first connection may take longer than one command (a busy machine); it is waited once. */
  readonly connectMs: number;
  readonly onWarning: WarningHandler;
  readonly onApplied: NonNullable<CatalogueSyncOptions['onApplied']>;
  readonly onResync: NonNullable<CatalogueSyncOptions['onResync']>;
}

/** Checks `options` (each bad one a typed error naming it) and applies the defaults. */
export function syncSettings(options: Partial<CatalogueSyncOptions>): SyncSettings {
  const stream = `${options.prefix ?? 'shortlist:'}catalogue:${options.catalogue ?? 'default'}`;
  const maxEntries = positiveInteger(
    options.maxEntries,
    10_000,
    'syncCatalogue(options.maxEntries)',
  );
  const maxAgeMs =
    options.maxAgeMs === undefined
      ? undefined
      : positiveInteger(options.maxAgeMs, 0, 'syncCatalogue(options.maxAgeMs)');
  const timeoutMs = positiveInteger(options.timeoutMs, 250, 'syncCatalogue(options.timeoutMs)');
  const blockMs = positiveInteger(options.blockMs, 1000, 'syncCatalogue(options.blockMs)');
  const retryMs = positiveInteger(options.retryMs, 250, 'syncCatalogue(options.retryMs)');
  return {
    stream,
    stateKey: `${stream}:state`,
    label: `syncCatalogue(${stream})`,
    fromId: options.fromId ?? '0',
    maxEntries,
    maxAgeMs,
    timeoutMs,
    blockMs,
    retryMs,
    connectMs: Math.max(timeoutMs, FIRST_CONNECT_MS),
    onWarning: options.onWarning ?? warnToConsole,
    // Read when called, as the options object is the caller's.
    onApplied: (change) => options.onApplied?.(change),
    onResync: (resync) => options.onResync?.(resync),
  };
}
