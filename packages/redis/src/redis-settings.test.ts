import { bm25 } from '@shortlist/bm25';
import {
  ApiCallError,
  CorruptDataError,
  InvalidArgumentError,
  type Picker,
  pipe,
} from '@shortlist/core';
import { startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type CatalogueSync, type CatalogueSyncOptions, syncCatalogue } from './catalogue-sync.js';
import { restoreOrIndex } from './picker-snapshots.js';
import { redisExampleStore } from './redis-example-store.js';
import { redisStore } from './redis-store.js';
import { catalogue, eventually } from './test-helpers.js';

// Redis configured as a hostile operator might: eviction, a full memory, keys of another type.

const stream = 'shortlist:catalogue:default';
const stateKey = `${stream}:state`;
let servers: TestRedisServer[] = [];
let clients: Redis[] = [];
let syncs: CatalogueSync[] = [];
let warnings: string[] = [];

async function start(args: readonly string[] = []) {
  const server = await startRedisServer({ args });
  servers.push(server);
  const admin = new Redis(server.url);
  admin.on('error', () => undefined);
  clients.push(admin);
  return { server, admin };
}

async function startProcess(url: string, options: Partial<CatalogueSyncOptions> = {}) {
  const picker = await pipe(bm25()).index(catalogue(20));
  const sync = syncCatalogue(picker, {
    redis: url,
    onWarning: (message) => warnings.push(message),
    blockMs: 100,
    retryMs: 20,
    ...options,
  });
  syncs.push(sync);
  return { picker, sync };
}

const has = (picker: Picker, name: string) => picker.get(name) !== undefined;

afterEach(async () => {
  await Promise.all(syncs.map((sync) => sync.close()));
  for (const client of clients) client.disconnect();
  await Promise.all(servers.map((server) => server.stop()));
  [servers, clients, syncs, warnings] = [[], [], [], []];
});

describe('Redis settings the package cannot work with', { timeout: 20_000 }, () => {
  it('warns, naming maxmemory-policy, when allkeys-lru evicts the catalogue state, and a late process refuses to pretend it has the catalogue', async () => {
    const { server, admin } = await start([
      '--maxmemory',
      '3mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ]);
    const a = await startProcess(server.url, { maxEntries: 10 });
    for (let batch = 0; batch < 6; batch++) await a.sync.add(catalogue(100, 100 + batch * 100));
    expect(a.picker.size).toBe(620);
    // Other data fills the memory until Redis evicts the state hash (the stream is kept in use).
    const junk = 'x'.repeat(20_000);
    for (let i = 0; i < 5000 && (await admin.exists(stateKey)) === 1; i++) {
      await admin.set(`junk:${i}`, junk);
      await admin.xlen(stream);
    }
    expect(await admin.exists(stateKey)).toBe(0);
    const late = await startProcess(server.url);
    // Redis may have evicted the stream too (then nothing shows what was lost): the setting is
    // refused, by name, rather than a part of the catalogue served as the whole.
    const error = await Promise.resolve(late.sync.caughtUp()).catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error) || CorruptDataError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).toMatch(/maxmemory-policy/);
    expect(warnings.some((w) => /maxmemory-policy allkeys-lru/.test(w))).toBe(true);
  });

  it('refuses to serve part of the catalogue when the state hash is gone from a trimmed stream, and never rebuilds a partial one', async () => {
    const { server, admin } = await start();
    const a = await startProcess(server.url, { maxEntries: 10 });
    for (let batch = 0; batch < 3; batch++) await a.sync.add(catalogue(100, 100 + batch * 100));
    await admin.del(stateKey); // as an eviction would
    const late = await startProcess(server.url);
    const error = await Promise.resolve(late.sync.caughtUp()).catch((caught: unknown) => caught);
    expect(CorruptDataError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).toMatch(/maxmemory-policy/);
    expect(warnings.some((w) => /state .* is gone/.test(w))).toBe(true);
    // A publish does not recreate a state that would hold only its own change.
    warnings = [];
    await a.sync.add([{ name: 'fax_send', description: 'Sends a fax', parameters: {} }]);
    expect(await admin.exists(stateKey)).toBe(0);
    expect(a.sync.pendingChanges).toBe(1);
    expect(warnings.join('\n')).toMatch(/gone/);
    expect(warnings.join('\n')).not.toMatch(/unreachable/);
  });

  it('rebuilds the state from a stream that still holds every change, and resyncs from the state when the stream is gone', async () => {
    const { server, admin } = await start();
    const a = await startProcess(server.url);
    await a.sync.add(catalogue(30, 100));
    await a.sync.remove(['tool_105']);
    await admin.del(stateKey);
    await a.sync.add([{ name: 'fax_send', description: 'Sends a fax', parameters: {} }]);
    expect(await admin.hlen(stateKey)).toBe(31); // 30 names (one removed since) and the fax: rebuilt
    await admin.del(stream); // as an eviction would
    const late = await startProcess(server.url);
    await late.sync.caughtUp();
    expect(late.picker.size).toBe(a.picker.size);
    expect(has(late.picker, 'fax_send') && !has(late.picker, 'tool_105')).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('reports a full Redis (noeviction) as out of memory, not unreachable, on every side', async () => {
    const { server, admin } = await start(['--maxmemory-policy', 'noeviction']);
    const b = await startProcess(server.url);
    await b.sync.caughtUp();
    const a = await startProcess(server.url);
    await a.sync.caughtUp();
    await admin.config('SET', 'maxmemory', '1'); // every write is refused
    await a.sync.add([{ name: 'fax_send', description: 'Sends a fax', parameters: {} }]);
    expect(a.sync.pendingChanges).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few retries: warned once
    const oom = warnings.filter((w) => /out of memory/.test(w));
    expect(oom).toHaveLength(1);
    expect(oom[0]).toMatch(/maxmemory/);
    expect(warnings.join('\n')).not.toMatch(/unreachable/);
    // A process started now is told its catalogue may lack what others could not publish.
    const late = await startProcess(server.url);
    await late.sync.caughtUp();
    expect(warnings.filter((w) => /out of memory/.test(w))).toHaveLength(2);
    // The store and the example store say the same, typed.
    const store = redisStore({ redis: server.url, onWarning: (w) => warnings.push(w) });
    await store.setMany([['k', new Float32Array([1, 0])]]);
    expect(warnings.at(-1)).toMatch(/redisStore: write failed: Redis is out of memory/);
    await store.close();
    const examples = redisExampleStore({ redis: server.url, onWarning: (w) => warnings.push(w) });
    const error = await Promise.resolve(
      examples.addExamples([{ query: 'send a fax', tool: 'fax_send' }]),
    ).catch((caught: unknown) => caught);
    await examples.close();
    expect(ApiCallError.isInstance(error) && error.reason).toBe('server');
    expect(String((error as Error).message)).toMatch(/out of memory.*maxmemory/);
    // Room again: the change is published and reaches the others.
    await admin.config('SET', 'maxmemory', '0');
    await eventually(() => has(b.picker, 'fax_send'));
    expect(warnings.at(-1)).toMatch(/accepts writes again/);
  });

  it('names a key holding another type of value instead of calling Redis unreachable', async () => {
    const { server, admin } = await start();
    await admin.set(stateKey, 'not a hash');
    const a = await startProcess(server.url);
    await a.sync.add([{ name: 'fax_send', description: 'Sends a fax', parameters: {} }]);
    expect(a.sync.pendingChanges).toBe(1);
    expect(await admin.exists(stream)).toBe(0); // nothing half-written
    const said = warnings.join('\n');
    expect(said).toMatch(new RegExp(`${stateKey}.*holds a string`));
    expect(said).not.toMatch(/unreachable/);
    warnings = [];
    await admin.set('shortlist:examples:default', 'not a stream');
    const examples = redisExampleStore({ redis: server.url, onWarning: (w) => warnings.push(w) });
    const error = await Promise.resolve(
      examples.addExamples([{ query: 'send a fax', tool: 'fax_send' }]),
    ).catch((caught: unknown) => caught);
    await examples.close();
    expect(ApiCallError.isInstance(error) && [error.reason, error.retryable]).toEqual([
      'bad-request',
      false,
    ]);
    expect(String((error as Error).message)).toMatch(/shortlist:examples:default.*another type/);
    expect(warnings.join('\n')).not.toMatch(/unreachable/);
  });

  it('treats a build lock without a TTL as stale instead of waiting for it', async () => {
    const { server, admin } = await start();
    const pipeline = pipe(bm25());
    const tools = catalogue(20);
    const first = await restoreOrIndex(pipeline, tools, { redis: server.url });
    await admin.flushall();
    await admin.set(`${first.key}:building`, 'a process long gone'); // no TTL
    const started = Date.now();
    const again = await restoreOrIndex(pipeline, tools, {
      redis: server.url,
      onWarning: (w) => warnings.push(w),
    });
    expect(again.source).toBe('indexed');
    expect(Date.now() - started).toBeLessThan(10_000); // not the 120 s buildWaitMs
    expect(await admin.exists(again.key)).toBe(1);
    expect(await admin.exists(`${first.key}:building`)).toBe(0); // taken over, then released
    expect(warnings.join('\n')).toMatch(/no TTL/);
  });
});
