import { type ExampleStore, memoryExampleStore } from '@shortlist/core';

/**
 * Where `shortlist mcp` keeps what it learns: `examples.jsonl` in `directory`, beside the index
 * snapshots, so a restart keeps it; deleting the file erases it.
 */
export async function openExampleStore(directory: string): Promise<ExampleStore> {
  // TODO(lead): fileExampleStore(join(directory, 'examples.jsonl')) from @shortlist/learn/node
  void directory;
  return memoryExampleStore();
}

/** The example store replicas behind one Redis share with `--redis`, so one learns for all. */
export async function openSharedExampleStore(redis: string): Promise<ExampleStore> {
  // TODO(lead): redisExampleStore({ redis }) from @shortlist/redis
  void redis;
  return memoryExampleStore();
}
