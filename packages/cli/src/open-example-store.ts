import { join } from 'node:path';
import { loadOptional } from './optional-package.js';

/** A store the gateway learns into, and how to let it go when the gateway stops. */
export interface OpenedExampleStore {
  readonly store: import('@shortlist/core').ExampleStore;
  close(): Promise<void>;
}

/**
 * Where `shortlist mcp` keeps what it learns: `examples.jsonl` in `directory`, beside the index
 * snapshots, so a restart keeps it; deleting the file erases it.
 */
export async function openExampleStore(
  directory: string,
  onWarning: (message: string) => void,
): Promise<OpenedExampleStore> {
  const { fileExampleStore } = await import('@shortlist/learn/node');
  const store = fileExampleStore(join(directory, 'examples.jsonl'), { onWarning });
  return { store, close: () => store.close() };
}

/** The example store replicas behind one Redis share with `--redis`, so one learns for all. */
export async function openSharedExampleStore(
  redis: string,
  onWarning: (message: string) => void,
): Promise<OpenedExampleStore> {
  const { redisExampleStore } = await loadOptional(
    '@shortlist/redis',
    'shortlist mcp --redis',
    () => import('@shortlist/redis'),
  );
  const store = redisExampleStore({ redis, onWarning });
  return { store, close: () => store.close() };
}
