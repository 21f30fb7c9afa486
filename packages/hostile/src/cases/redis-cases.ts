import { setTimeout as sleep } from 'node:timers/promises';
import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { redisExampleStore, restoreOrIndex } from '@shortlist/redis';
import type { HostileCase } from '../hostile-case.js';
import { numberedTools, type RedisFixture, withRedis } from '../redis-fixture.js';

const stream = 'shortlist:catalogue:default';
const stateKey = `${stream}:state`;
const examplesKey = 'shortlist:examples:default';
const needs = ['redis-server'];
const fax = { name: 'fax_send', description: 'Sends a fax', parameters: {} };

/** Waits (within the case's deadline) until the package has warned at least once. */
async function firstWarning(warnings: readonly string[]): Promise<void> {
  while (warnings.length === 0) await sleep(10);
}

/** Why the warnings are wrong: none says `cause`, or one calls Redis unreachable. */
function misreported(warnings: readonly string[], cause: RegExp): string | undefined {
  const said = warnings.join('\n');
  if (/unreachable/.test(said)) return `warned "unreachable" for another cause: ${said}`;
  return cause.test(said) ? undefined : `no warning says ${cause}: ${said || '(none)'}`;
}

/** How many tools a process started now serves once it has caught up with the shared catalogue. */
async function lateSize(redis: RedisFixture): Promise<number> {
  const late = await redis.follow([]);
  await late.sync.caughtUp();
  return late.size();
}

/**
 * A case where `lose` takes the catalogue state after `batches` of 100 tools went through a stream
 * trimmed to 10 entries: a process started later serves them all, or says to fix maxmemory-policy.
 */
function stateLostCase(
  name: string,
  redisArgs: readonly string[],
  batches: number,
  lose: (redis: RedisFixture) => Promise<unknown>,
): HostileCase {
  const count = batches * 100;
  return {
    item: 14,
    name,
    wants: 'either',
    errorSays: /maxmemory-policy/,
    needs,
    run: () =>
      withRedis(redisArgs, async (redis) => {
        const first = await redis.follow([], { maxEntries: 10 });
        for (let batch = 0; batch < batches; batch++)
          await first.sync.add(numberedTools(100, batch * 100));
        await lose(redis);
        return lateSize(redis);
      }),
    check: (size) =>
      size === count ? undefined : `served ${size} of ${count} tools without an error`,
  };
}

/** Adds one example through a fresh `redisExampleStore()`, closed either way. */
async function addOneExample(url: string): Promise<void> {
  const examples = redisExampleStore({ redis: url, onWarning: () => undefined });
  try {
    return await examples.addExamples([{ query: 'send a fax', tool: 'fax_send' }]);
  } finally {
    await examples.close();
  }
}

type Told = { warnings: string[]; pending?: number; size?: number; nothingHalfWritten?: boolean };

/** Item 14: issue 23's Redis findings (eviction, a full Redis, keys of another type, stale locks). */
export const redisCases: HostileCase[] = [
  stateLostCase(
    'allkeys-lru evicts the catalogue state; a process started later',
    ['--maxmemory', '3mb', '--maxmemory-policy', 'allkeys-lru'],
    6,
    async (redis) => {
      // Other data fills the memory until Redis evicts the state (the stream kept in use).
      const junk = 'x'.repeat(20_000);
      for (let i = 0; i < 5000 && (await redis.admin.exists(stateKey)) === 1; i++) {
        await redis.admin.set(`junk:${i}`, junk);
        await redis.admin.xlen(stream);
      }
    },
  ),
  stateLostCase(
    'the state hash gone (as evicted) from a trimmed stream; a process started later',
    [],
    3,
    (redis) => redis.admin.del(stateKey),
  ),
  {
    item: 14,
    name: 'the state hash gone, a publish, then the stream gone too; a process started later',
    wants: 'answer',
    needs,
    run: () =>
      withRedis([], async (redis) => {
        const first = await redis.follow([]);
        await first.sync.add(numberedTools(30));
        await redis.admin.del(stateKey);
        await first.sync.add([fax]); // must rebuild the whole state, not hold only the fax
        await redis.admin.del(stream);
        return lateSize(redis);
      }),
    check: (size) => (size === 31 ? undefined : `served ${size} of 31 tools`),
  },
  {
    item: 14,
    name: 'a publish to a full Redis (maxmemory-policy noeviction)',
    wants: 'answer',
    needs,
    run: () =>
      withRedis(['--maxmemory-policy', 'noeviction'], async (redis): Promise<Told> => {
        const publisher = await redis.follow([]);
        await publisher.sync.caughtUp();
        await redis.admin.config('SET', 'maxmemory', '1'); // every write is refused
        await publisher.sync.add([fax]);
        await firstWarning(redis.warnings);
        return { warnings: redis.warnings, pending: publisher.sync.pendingChanges };
      }),
    check: (answer) => {
      const { warnings, pending } = answer as Told;
      if (pending !== 1) return `${pending} changes kept for later, not 1`;
      return misreported(warnings, /out of memory.*maxmemory/);
    },
  },
  {
    item: 14,
    name: 'a process started while Redis is full is told its catalogue may lack changes',
    wants: 'answer',
    needs,
    run: () =>
      withRedis(['--maxmemory-policy', 'noeviction'], async (redis): Promise<Told> => {
        const first = await redis.follow([]);
        await first.sync.add(numberedTools(50));
        await redis.admin.config('SET', 'maxmemory', '1');
        return { warnings: redis.warnings, size: await lateSize(redis) };
      }),
    check: (answer) => {
      const { warnings, size } = answer as Told;
      if (size !== 50) return `served ${size} of the 50 tools published`;
      return misreported(warnings, /out of memory/);
    },
  },
  {
    item: 14,
    name: 'redisExampleStore().addExamples() on a full Redis',
    wants: 'typed-error',
    errorSays: /out of memory.*maxmemory/,
    needs,
    run: () =>
      withRedis(['--maxmemory-policy', 'noeviction'], async (redis) => {
        await redis.admin.config('SET', 'maxmemory', '1');
        return addOneExample(redis.url);
      }),
  },
  {
    item: 14,
    name: 'the catalogue state key holds a string (WRONGTYPE)',
    wants: 'answer',
    needs,
    run: () =>
      withRedis([], async (redis): Promise<Told> => {
        await redis.admin.set(stateKey, 'not a hash');
        const publisher = await redis.follow([]);
        await publisher.sync.add([fax]);
        await firstWarning(redis.warnings);
        const nothingHalfWritten = (await redis.admin.exists(stream)) === 0;
        return {
          warnings: redis.warnings,
          pending: publisher.sync.pendingChanges,
          nothingHalfWritten,
        };
      }),
    check: (answer) => {
      const { warnings, pending, nothingHalfWritten } = answer as Told;
      if (pending !== 1) return `${pending} changes kept for later, not 1`;
      if (!nothingHalfWritten) return 'the change was half written: to the stream, not the state';
      return misreported(warnings, new RegExp(`${stateKey}.*holds a string`));
    },
  },
  {
    item: 14,
    name: 'redisExampleStore() on an examples key that holds a string (WRONGTYPE)',
    wants: 'typed-error',
    errorSays: new RegExp(`${examplesKey}.*another type`),
    needs,
    run: () =>
      withRedis([], async (redis) => {
        await redis.admin.set(examplesKey, 'not a stream');
        return addOneExample(redis.url);
      }),
  },
  {
    item: 14,
    name: 'a foreign build lock without a TTL (default buildWaitMs: 120 s)',
    wants: 'answer',
    needs,
    run: () =>
      withRedis([], async (redis) => {
        const tools = numberedTools(20);
        const { key } = await restoreOrIndex(pipe(bm25()), tools, { redis: redis.url });
        await redis.admin.flushall();
        await redis.admin.set(`${key}:building`, 'a process long gone'); // no TTL
        const again = await restoreOrIndex(pipe(bm25()), tools, {
          redis: redis.url,
          onWarning: (message) => redis.warnings.push(message),
        });
        const lockLeft = (await redis.admin.exists(`${key}:building`)) === 1;
        return { source: again.source, lockLeft, warnings: redis.warnings };
      }),
    check: (answer) => {
      const { source, lockLeft, warnings } = answer as {
        source: string;
        lockLeft: boolean;
        warnings: string[];
      };
      if (source !== 'indexed' || lockLeft) return `${source}, lock left behind: ${lockLeft}`;
      return /no TTL/.test(warnings.join('\n')) ? undefined : 'the stale lock was not reported';
    },
  },
];
