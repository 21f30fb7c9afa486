import { bm25 } from '@shortlist/bm25';
import { ApiCallError, InvalidArgumentError, type Picker, pipe } from '@shortlist/core';
import { freePort, startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueSync, type CatalogueSyncOptions, syncCatalogue } from './catalogue-sync.js';
import { catalogue, eventually, resetServer } from './test-helpers.js';

let server: TestRedisServer;
let admin: Redis;
let warnings: string[] = [];
const syncs: CatalogueSync[] = [];
const base = catalogue(20);
const extra = { name: 'fax_send', description: 'Sends a fax to a phone number', parameters: {} };

/** A process: its own picker over the base catalogue, following the shared catalogue. */
async function startProcess(options: Partial<CatalogueSyncOptions> = {}) {
  const picker = await pipe(bm25()).index(base);
  const sync = syncCatalogue(picker, {
    redis: server.url,
    onWarning: (message) => warnings.push(message),
    blockMs: 200,
    ...options,
  });
  syncs.push(sync);
  return { picker, sync };
}

const has = (picker: Picker, name: string) => picker.tools().some((tool) => tool.name === name);
const definition = (picker: Picker, name: string) =>
  picker.tools().find((tool) => tool.name === name)?.description;

beforeAll(async () => {
  server = await startRedisServer();
  admin = new Redis(server.url);
  admin.on('error', () => undefined); // the tests restart the server under it
});
afterEach(async () => {
  await Promise.all(syncs.splice(0).map((sync) => sync.close()));
  await resetServer(server, admin);
  warnings = [];
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});

describe('syncCatalogue', { timeout: 15_000 }, () => {
  it('rejects caughtUp() with a typed error when the stream key holds another type', async () => {
    await admin.set('shortlist:catalogue:default', 'not a stream');
    const { sync } = await startProcess();
    const waited = sync.caughtUp();
    await expect(waited).rejects.toSatisfy(
      (error: unknown) =>
        ApiCallError.isInstance(error) &&
        error.reason === 'bad-request' &&
        /key shortlist:catalogue:default holds another type/.test(error.message),
    );
  });

  it('brings an add or a remove on one process to every other', async () => {
    const [a, b, c] = [await startProcess(), await startProcess(), await startProcess()];
    await a.sync.add([extra]);
    expect(has(a.picker, 'fax_send')).toBe(true); // at once where it was made
    await eventually(() => has(b.picker, 'fax_send') && has(c.picker, 'fax_send'));
    expect((await c.picker.select('send a fax')).picks[0]?.name).toBe('fax_send');
    await b.sync.remove(['fax_send', 'tool_3']);
    await eventually(() => !has(a.picker, 'fax_send') && !has(c.picker, 'tool_3'));
    expect(c.picker.size).toBe(19);
    expect(warnings).toEqual([]);
  });

  it('lets a process that was down catch up from its last id, and a new one from the start', async () => {
    const a = await startProcess();
    const b = await startProcess();
    await a.sync.add([extra]);
    await eventually(() => has(b.picker, 'fax_send'));
    const resumeFrom = b.sync.lastId;
    await b.sync.close();
    await a.sync.remove(['tool_0']);
    await a.sync.add([{ name: 'print', description: 'Prints a document', parameters: {} }]);
    // The same picker resumes from its id; a fresh process replays the whole history.
    const resumed = syncCatalogue(b.picker, { redis: server.url, fromId: resumeFrom });
    syncs.push(resumed);
    const fresh = await startProcess();
    await resumed.caughtUp();
    await fresh.sync.caughtUp();
    for (const picker of [b.picker, fresh.picker]) {
      expect(
        picker
          .tools()
          .map((tool) => tool.name)
          .sort(),
      ).toEqual(
        a.picker
          .tools()
          .map((tool) => tool.name)
          .sort(),
      );
    }
  });

  it('converges when two processes add the same tool at once, even with different definitions', async () => {
    const [a, b, c] = [await startProcess(), await startProcess(), await startProcess()];
    await Promise.all([
      a.sync.add([{ ...extra, description: 'Sends a fax (from a)' }]),
      b.sync.add([{ ...extra, description: 'Sends a fax (from b)' }]),
    ]);
    await Promise.all([a.sync.caughtUp(), b.sync.caughtUp(), c.sync.caughtUp()]);
    const [last] = await admin.xrevrange('shortlist:catalogue:default', '+', '-', 'COUNT', 1);
    const winner = JSON.parse(last![1][5]!).description;
    for (const { picker } of [a, b, c]) {
      expect(definition(picker, 'fax_send')).toBe(winner);
      expect(picker.size).toBe(21);
    }
    // The same definition added twice is one tool, not an error.
    await Promise.all([a.sync.add([extra]), c.sync.add([extra])]);
    await Promise.all([a.sync.caughtUp(), b.sync.caughtUp(), c.sync.caughtUp()]);
    for (const { picker } of [a, b, c])
      expect(definition(picker, 'fax_send')).toBe(extra.description);
    expect(warnings).toEqual([]);
  });

  it('works alone while Redis is unreachable at start, says so once, and resyncs when it returns', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const a = await startProcess({ redis: url, timeoutMs: 100, retryMs: 20 });
    await a.sync.add([extra]);
    await a.sync.remove(['tool_1']);
    expect(has(a.picker, 'fax_send')).toBe(true);
    expect(has(a.picker, 'tool_1')).toBe(false);
    expect(a.sync.pendingChanges).toBe(2);
    expect(warnings.filter((w) => /unreachable/.test(w))).toHaveLength(1);
    const late = await startRedisServer({ port });
    try {
      await eventually(() => a.sync.pendingChanges === 0);
      const b = await startProcess({ redis: url });
      await b.sync.caughtUp();
      expect(has(b.picker, 'fax_send')).toBe(true);
      expect(has(b.picker, 'tool_1')).toBe(false);
      expect(warnings.filter((w) => /unreachable/.test(w))).toHaveLength(1);
    } finally {
      await Promise.all(syncs.splice(0).map((sync) => sync.close()));
      await late.stop();
    }
  });

  it('keeps changes through a Redis restart and publishes them when it is back', async () => {
    const a = await startProcess({ timeoutMs: 100, retryMs: 20 });
    const b = await startProcess({ timeoutMs: 100, retryMs: 20 });
    await server.stop();
    await a.sync.add([extra]);
    expect(a.sync.pendingChanges).toBe(1);
    await server.start();
    await eventually(() => has(b.picker, 'fax_send'));
    expect(a.sync.pendingChanges).toBe(0);
  });

  it('never holds a change on a Redis that stops answering', async () => {
    const a = await startProcess({ timeoutMs: 50, retryMs: 20 });
    const b = await startProcess({ timeoutMs: 50, retryMs: 20 });
    server.pause();
    await a.sync.add([extra]); // resolves after at most the bound
    expect(has(a.picker, 'fax_send')).toBe(true);
    expect((await a.picker.select('send a fax')).picks[0]?.name).toBe('fax_send');
    expect(a.sync.pendingChanges).toBe(1);
    server.resume();
    await eventually(() => has(b.picker, 'fax_send'));
  });

  it('skips, with a warning, a stream entry that is not a valid change', async () => {
    const a = await startProcess();
    await admin.xadd('shortlist:catalogue:default', '*', 'op', 'add', 'name', 'x', 'tool', '{oops');
    await admin.xadd('shortlist:catalogue:default', '*', 'op', 'explode', 'name', 'tool_2');
    await a.sync.add([extra]);
    await a.sync.caughtUp();
    expect(warnings.filter((w) => /not a valid change/.test(w))).toHaveLength(2);
    expect(a.picker.size).toBe(21);
  });

  it('trims the stream, and a process whose last id was trimmed away resyncs from the catalogue state', async () => {
    const a = await startProcess({ maxEntries: 10 });
    const b = await startProcess();
    await a.sync.add([extra]);
    await eventually(() => has(b.picker, 'fax_send'));
    const resumeFrom = b.sync.lastId;
    await b.sync.close();
    // 300 changes while b is down: far more than the stream keeps.
    await a.sync.remove(['tool_0']);
    for (let batch = 0; batch < 6; batch++) await a.sync.add(catalogue(50, 100 + batch * 50));
    await a.sync.add([{ ...extra, description: 'Sends a fax, changed' }]);
    await a.sync.remove(['tool_105', 'fax_send']);
    await a.sync.add([{ ...extra, description: 'Sends a fax, back again' }]);
    await a.sync.add([{ name: 'scan', description: 'Scans a page (shared)', parameters: {} }]);
    // b had added its own `scan` straight to its picker, outside sync: the state replaces it.
    await b.picker.add([{ name: 'scan', description: 'Scans a page (b only)', parameters: {} }]);
    const length = await admin.xlen('shortlist:catalogue:default');
    expect(length).toBeLessThan(200); // about maxEntries, plus at most one node (`~`)
    const [first] = await admin.xrange('shortlist:catalogue:default', '-', '+', 'COUNT', 1);
    const id = (value: string) => value.split('-').map(BigInt) as [bigint, bigint];
    const [[oldestMs, oldestSeq], [fromMs, fromSeq]] = [id(first![0]), id(resumeFrom)];
    // b's place in the stream is gone: the oldest entry left is newer than it.
    expect(oldestMs > fromMs || (oldestMs === fromMs && oldestSeq > fromSeq)).toBe(true);
    const resumed = syncCatalogue(b.picker, { redis: server.url, fromId: resumeFrom });
    syncs.push(resumed);
    const fresh = await startProcess(); // starts after the trimming, from '0'
    await resumed.caughtUp();
    await fresh.sync.caughtUp();
    const names = (picker: Picker) =>
      picker
        .tools()
        .map((tool) => `${tool.name}: ${tool.description}`)
        .sort();
    for (const picker of [b.picker, fresh.picker]) expect(names(picker)).toEqual(names(a.picker));
    expect(a.picker.size).toBe(20 - 1 + 300 - 1 + 1 + 1);
    expect(definition(fresh.picker, 'fax_send')).toBe('Sends a fax, back again');
    expect(definition(b.picker, 'scan')).toBe('Scans a page (shared)');
    expect(warnings).toEqual([]);
    expect([resumed.resyncs, fresh.sync.resyncs]).toEqual([1, 1]);
    // A process that was never behind the trimming replays and does not resync.
    const caughtUp = await startProcess({ fromId: a.sync.lastId });
    await caughtUp.sync.caughtUp();
    expect(caughtUp.sync.resyncs).toBe(0);
  });

  it('resyncs a running process that fell behind the trimming, and trims by age', async () => {
    const a = await startProcess({ maxEntries: 10, maxAgeMs: 50 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let stalled = false;
    const base = await pipe(bm25()).index(catalogue(20));
    // b's picker stalls on its first add (a busy process) while a publishes 300 changes.
    const slow = new Proxy(base, {
      get(target, property, receiver) {
        if (property !== 'add') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Picker['add']>) => {
          stalled = true;
          await gate;
          return target.add(...args);
        };
      },
    });
    const b = syncCatalogue(slow, { redis: server.url, blockMs: 200 });
    syncs.push(b);
    await b.caughtUp();
    await a.sync.add([extra]);
    await eventually(() => stalled);
    for (let batch = 0; batch < 6; batch++) await a.sync.add(catalogue(50, 100 + batch * 50));
    await a.sync.remove(['tool_3']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await a.sync.add([{ name: 'print', description: 'Prints a document', parameters: {} }]);
    // Trimmed by age: only the newest, partly filled node is left.
    expect(await admin.xlen('shortlist:catalogue:default')).toBeLessThan(100);
    release();
    await b.caughtUp();
    expect(b.resyncs).toBeGreaterThanOrEqual(1);
    expect(base.size).toBe(a.picker.size);
    expect(has(base, 'tool_3')).toBe(false);
    expect(has(base, 'print') && has(base, 'tool_349') && has(base, 'fax_send')).toBe(true);
  });

  it('rejects bad arguments with typed errors', async () => {
    const picker = await pipe(bm25()).index(base);
    // @ts-expect-error: testing a JavaScript caller
    expect(() => syncCatalogue(undefined, { redis: server.url })).toThrow(InvalidArgumentError);
    expect(() => syncCatalogue(picker, { redis: server.url, blockMs: 0 })).toThrow(/blockMs/);
    expect(() => syncCatalogue(picker, { redis: server.url, maxEntries: 0 })).toThrow(/maxEntries/);
    expect(() => syncCatalogue(picker, { redis: server.url, maxAgeMs: -1 })).toThrow(/maxAgeMs/);
    const { sync } = await startProcess();
    // @ts-expect-error: testing a JavaScript caller
    await expect(sync.remove('tool_1')).rejects.toThrow(/array of tool names/);
    await expect(sync.add([{ description: 'no name' }])).rejects.toThrow(InvalidArgumentError);
    await sync.close();
    await expect(sync.add([extra])).rejects.toThrow(/was closed/);
  });
});
