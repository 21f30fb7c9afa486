import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { type CatalogueSync, type CatalogueSyncOptions, syncCatalogue } from '@shortlist/redis';
import { startRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';

/** `count` distinct tools named `tool_<offset>`..., for catalogues shared through Redis. */
export function numberedTools(count: number, offset = 0) {
  return Array.from({ length: count }, (_, k) => ({
    name: `tool_${k + offset}`,
    description: `Tool ${k + offset} handles task number ${k + offset}`,
    parameters: { type: 'object', properties: { id: { type: 'string' } } },
  }));
}

/** A real redis-server for one case: its URL, a client for the operator's own commands, what the package warned. */
export interface RedisFixture {
  readonly url: string;
  readonly admin: Redis;
  readonly warnings: string[];
  /** A process of the fleet: a bm25 picker over `tools` following the shared catalogue (closed after the case). */
  follow(
    tools: readonly unknown[],
    options?: Partial<CatalogueSyncOptions>,
  ): Promise<{ size: () => number; sync: CatalogueSync }>;
}

/** Starts redis-server with `args` (`['--maxmemory-policy', 'allkeys-lru']`) for `use`, then stops it. */
export async function withRedis<T>(
  args: readonly string[],
  use: (redis: RedisFixture) => Promise<T>,
): Promise<T> {
  const server = await startRedisServer({ args });
  const admin = new Redis(server.url);
  admin.on('error', () => undefined);
  const warnings: string[] = [];
  const syncs: CatalogueSync[] = [];
  try {
    return await use({
      url: server.url,
      admin,
      warnings,
      async follow(tools, options = {}) {
        const picker = await pipe(bm25()).index(tools);
        const sync = syncCatalogue(picker, {
          redis: server.url,
          onWarning: (message) => warnings.push(message),
          blockMs: 100,
          retryMs: 20,
          ...options,
        });
        syncs.push(sync);
        return { size: () => picker.size, sync };
      },
    });
  } finally {
    await Promise.all(syncs.map((sync) => sync.close()));
    admin.disconnect();
    await server.stop();
  }
}
