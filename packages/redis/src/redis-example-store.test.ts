import { ApiCallError, InvalidArgumentError, type ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import { lexical } from '@shortlist/lexical';
import { freePort, startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type RedisExampleStore,
  type RedisExampleStoreOptions,
  redisExampleStore,
} from './redis-example-store.js';
import { catalogue, eventually, resetServer } from './test-helpers.js';

let server: TestRedisServer;
let admin: Redis;
let warnings: string[] = [];
const stores: RedisExampleStore[] = [];
const stream = 'shortlist:examples:default';

/** A worker's store, with every change its subscriber heard. */
function worker(options: Partial<RedisExampleStoreOptions> = {}) {
  const store = redisExampleStore({
    redis: server.url,
    onWarning: (message) => warnings.push(message),
    blockMs: 200,
    ...options,
  });
  stores.push(store);
  const heard: ExampleChange[] = [];
  store.subscribe((change) => heard.push(change));
  const added = () => heard.flatMap((change) => (change.type === 'added' ? change.examples : []));
  return { store, heard, added };
}

const pairs = (examples: readonly ToolExample[]) =>
  examples.map((example) => `${example.query} -> ${example.tool}`);

beforeAll(async () => {
  server = await startRedisServer();
  admin = new Redis(server.url);
  admin.on('error', () => undefined); // the tests stop the server under it
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await resetServer(server, admin);
  warnings = [];
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});

describe('redisExampleStore', { timeout: 20_000 }, () => {
  it("delivers an example learnt on one worker to another's subscribers within 1 s, each once", async () => {
    const a = worker();
    const b = worker();
    await b.store.readExamples(); // b is following
    const started = Date.now();
    await a.store.addExamples([{ query: 'wire the rent', tool: 'pay' }]);
    // Where it was learnt: heard before addExamples resolved, stamped with the time.
    expect(pairs(a.added())).toEqual(['wire the rent -> pay']);
    expect(a.added()[0]!.at).toBeGreaterThanOrEqual(started);
    await eventually(() => b.added().length > 0);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(b.added()).toEqual(a.added());
    await a.store.addExamples([{ query: 'book a table', tool: 'reserve', at: 5 }]);
    await eventually(() => b.added().length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing heard twice
    for (const { heard, store } of [a, b]) {
      expect(heard.map((change) => change.type)).toEqual(['added', 'added']);
      expect(await store.readExamples()).toEqual([
        { query: 'wire the rent', tool: 'pay', at: a.added()[0]!.at },
        { query: 'book a table', tool: 'reserve', at: 5 },
      ]);
    }
    expect(warnings).toEqual([]);
  });

  it('lets pickers on every worker, and one started later, pick what one of them learnt', async () => {
    const tools = catalogue(20);
    const query = 'wire the rent to my landlord';
    const start = () => {
      const store = redisExampleStore({ redis: server.url, blockMs: 200 });
      stores.push(store);
      return lexical({ examples: store });
    };
    const [one, two] = await Promise.all([start().index(tools), start().index(tools)]);
    const before = (await one.select(query)).picks[0]?.name;
    expect(before).not.toBe('tool_11'); // the descriptions alone do not point there
    await one.learn([
      { query, tool: 'tool_11' },
      { query: 'wire money to the landlord', tool: 'tool_11' },
    ]);
    expect((await one.select(query)).picks[0]?.name).toBe('tool_11');
    await eventually(async () => (await two.select(query)).picks[0]?.name === 'tool_11');
    const late = await start().index(tools);
    const names = async (picker: typeof one) =>
      (await picker.select(query)).picks.map((pick) => pick.name);
    expect(await names(late)).toEqual(await names(one));
    expect(await names(two)).toEqual(await names(one));
    for (const picker of [one, two, late]) picker.dispose();
  });

  it('forgets by tool, by query and everything on every worker, and erases the entries', async () => {
    const a = worker();
    const b = worker();
    await a.store.addExamples([
      { query: 'wire the rent', tool: 'pay' },
      { query: 'Pay my  invoice', tool: 'pay', helpful: false },
      { query: 'book a table', tool: 'reserve' },
      { query: 'book a flight', tool: 'travel' },
      { query: 'weather in Paris', tool: 'forecast' },
    ]);
    await eventually(() => b.added().length === 5);
    expect(await b.store.forgetExamples({ tool: 'pay' })).toBe(2);
    expect(await a.store.forgetExamples({ query: 'BOOK a  table ' })).toBe(1);
    const left = ['book a flight -> travel', 'weather in Paris -> forecast'];
    for (const { store } of [a, b]) {
      await eventually(async () => pairs(await store.readExamples()).join() === left.join());
    }
    // The forgotten requests are gone from Redis, not only hidden.
    const raw = JSON.stringify(await admin.xrange(stream, '-', '+'));
    expect(raw).not.toContain('wire the rent');
    expect(raw).not.toContain('invoice');
    expect(raw).not.toContain('"book a table"');
    await eventually(() => a.heard.filter((change) => change.type === 'forgot').length === 2);
    expect(await a.store.forgetExamples({ queryContains: 'nothing like this' })).toBe(0);
    expect(await b.store.forgetExamples({ all: true })).toBe(2);
    for (const { store } of [a, b]) {
      await eventually(async () => (await store.readExamples()).length === 0);
    }
    expect(await admin.xlen(stream)).toBe(0); // the forget-all entry too went with the rewrite
    // Heard once each, in order, on both workers (the others' forgets from the stream).
    for (const { heard } of [a, b]) {
      await eventually(() => heard.length === 5);
      expect(heard.map((change) => change.type)).toEqual([
        'added',
        'forgot',
        'forgot',
        'forgot',
        'forgot',
      ]);
    }
    expect(warnings).toEqual([]);
  });

  it('replaces a repeated example, and tells who hears it which one left', async () => {
    const a = worker();
    const b = worker();
    await a.store.addExamples([{ query: 'wire the rent', tool: 'pay', at: 1 }]);
    await b.store.addExamples([
      { query: 'wire the rent', tool: 'pay', at: 2 },
      { query: 'wire the rent', tool: 'pay', helpful: false, at: 3 }, // another verdict: another example
    ]);
    for (const { store } of [a, b]) {
      await eventually(async () => (await store.readExamples()).length === 2);
      expect((await store.readExamples()).map((example) => example.at)).toEqual([2, 3]);
    }
    await eventually(() => a.heard.length === 3);
    expect(a.heard[1]).toEqual({
      type: 'dropped',
      examples: [{ query: 'wire the rent', tool: 'pay', at: 1 }],
    });
  });

  it('keeps at most maxExamples entries, on every worker alike', async () => {
    const a = worker({ maxExamples: 5 });
    const b = worker({ maxExamples: 5 });
    for (let i = 0; i < 8; i++) await a.store.addExamples([{ query: `request ${i}`, tool: 't' }]);
    expect(await admin.xlen(stream)).toBe(5);
    const newest = ['request 3', 'request 4', 'request 5', 'request 6', 'request 7'];
    for (const { store } of [a, b]) {
      await eventually(async () => (await store.readExamples()).length === 5);
      expect((await store.readExamples()).map((example) => example.query)).toEqual(newest);
    }
    const dropped = a.heard.flatMap((change) => (change.type === 'dropped' ? change.examples : []));
    expect(dropped.map((example) => example.query)).toEqual([
      'request 0',
      'request 1',
      'request 2',
    ]);
    // A worker started later holds the same.
    const late = worker({ maxExamples: 5 });
    expect((await late.store.readExamples()).map((example) => example.query)).toEqual(newest);
  });

  it("keeps every source's fair share through a flood from one, and deletes the flood's entries", async () => {
    const a = worker({ maxExamples: 20 });
    const b = worker({ maxExamples: 20 });
    const honest = Array.from({ length: 6 }, (_, i) => ({
      query: `honest request ${i}`,
      tool: `tool_${i}`,
      source: `user ${i}`,
    }));
    await a.store.addExamples(honest);
    for (let i = 0; i < 10; i++) {
      await b.store.addExamples(
        Array.from({ length: 20 }, (_, j) => ({
          query: `flood ${i} ${j}`,
          tool: 'tool_0',
          source: 'attacker',
        })),
      );
    }
    for (const { store } of [a, b]) {
      await eventually(async () => (await store.readExamples()).at(-1)?.query === 'flood 9 19');
      const kept = await store.readExamples();
      expect(kept).toHaveLength(20);
      expect(kept.filter((example) => example.source !== 'attacker')).toEqual(
        honest.map((example) => expect.objectContaining(example)),
      );
    }
    expect(await admin.xlen(stream)).toBe(20);
    const late = worker({ maxExamples: 20 });
    expect((await late.store.readExamples()).filter((e) => e.source !== 'attacker')).toHaveLength(
      6,
    );
  });

  it('rewrites the stream on a forget, and every worker keeps following it', async () => {
    const a = worker();
    const b = worker();
    await a.store.addExamples([
      { query: 'wire the rent', tool: 'pay' },
      { query: 'book a table', tool: 'reserve' },
    ]);
    await eventually(() => b.added().length === 2);
    expect(await a.store.forgetExamples({ query: 'wire the rent' })).toBe(1);
    expect(JSON.stringify(await admin.xrange(stream, '-', '+'))).not.toContain('wire the rent');
    expect(await admin.xlen(stream)).toBe(1);
    expect(await admin.pttl(stream)).toBe(-1); // the copy's expiry did not come with it
    expect(await admin.keys('*rewrite*')).toEqual([]);
    // Both keep following the rewritten stream: adds on either reach the other.
    await a.store.addExamples([{ query: 'book a flight', tool: 'travel' }]);
    await b.store.addExamples([{ query: 'weather in Paris', tool: 'forecast' }]);
    const left = [
      'book a table -> reserve',
      'book a flight -> travel',
      'weather in Paris -> forecast',
    ];
    for (const { store } of [a, b]) {
      await eventually(async () => pairs(await store.readExamples()).join() === left.join());
    }
    await eventually(() => b.added().some((example) => example.query === 'book a flight'));
    expect(warnings).toEqual([]);
  });

  it('drops examples older than maxAgeMs and trims them from the stream', async () => {
    const a = worker({ maxAgeMs: 400 });
    const b = worker({ maxAgeMs: 400 });
    await a.store.addExamples([{ query: 'old request', tool: 't' }]);
    await a.store.addExamples([{ query: 'imported long ago', tool: 't', at: Date.now() - 10_000 }]);
    expect(pairs(await a.store.readExamples())).toEqual(['old request -> t']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await b.store.addExamples([{ query: 'new request', tool: 't' }]);
    expect(await admin.xlen(stream)).toBe(1);
    for (const { store, heard } of [a, b]) {
      expect(pairs(await store.readExamples())).toEqual(['new request -> t']);
      await eventually(() =>
        heard.some(
          (change) => change.type === 'dropped' && change.examples[0]?.query === 'old request',
        ),
      );
    }
  });

  it('rejects with a typed error within its deadline while Redis is paused, and resumes after', async () => {
    const a = worker({ timeoutMs: 200 });
    const b = worker({ timeoutMs: 200 });
    await a.store.addExamples([{ query: 'before', tool: 't' }]);
    await eventually(() => b.added().length === 1);
    server.pause();
    try {
      for (const attempt of [
        () => a.store.addExamples([{ query: 'during', tool: 't' }]),
        () => b.store.readExamples(),
        () => b.store.forgetExamples({ all: true }),
      ]) {
        const started = Date.now();
        const error = await Promise.resolve(attempt()).catch((caught: unknown) => caught);
        expect(ApiCallError.isInstance(error)).toBe(true);
        expect((error as ApiCallError).reason).toBe('timeout');
        expect((error as ApiCallError).retryable).toBe(true);
        expect(Date.now() - started).toBeLessThan(1000);
      }
    } finally {
      server.resume();
    }
    // The loop resumes: examples learnt on one worker reach the other again.
    await eventually(async () => {
      try {
        await b.store.addExamples([{ query: 'after', tool: 't' }]);
        return true;
      } catch {
        return false;
      }
    });
    await eventually(() => a.added().some((example) => example.query === 'after'));
    // The add that timed out may still have landed once Redis answered: "may not be kept".
    expect(pairs(await a.store.readExamples())).toEqual(
      expect.arrayContaining(['before -> t', 'after -> t']),
    );
    expect(pairs(await a.store.readExamples())).toEqual(pairs(await b.store.readExamples()));
    expect(a.added().filter((example) => example.query === 'after')).toHaveLength(1);
    expect(warnings.some((message) => message.includes('Redis unreachable'))).toBe(true);
  });

  it('rejects at once while Redis is down, and starts over from what Redis holds when it returns', async () => {
    const a = worker({ timeoutMs: 200, retryMs: 50 });
    const b = worker({ timeoutMs: 200, retryMs: 50 });
    await a.store.addExamples([{ query: 'lost in the restart', tool: 't' }]);
    await eventually(() => b.added().length === 1);
    await server.stop();
    const started = Date.now();
    const error = await Promise.resolve(a.store.addExamples([{ query: 'x', tool: 't' }])).catch(
      (caught: unknown) => caught,
    );
    expect(ApiCallError.isInstance(error)).toBe(true);
    expect((error as ApiCallError).message).toMatch(/redisExampleStore\(.*\)\.addExamples: Redis/);
    expect(Date.now() - started).toBeLessThan(1000);
    await server.start(); // empty: without persistence, a restart loses the examples
    await eventually(async () => {
      try {
        await a.store.addExamples([{ query: 'after the restart', tool: 't' }]);
        return true;
      } catch {
        return false;
      }
    });
    for (const { store, heard } of [a, b]) {
      await eventually(async () => pairs(await store.readExamples()).length === 1);
      expect(pairs(await store.readExamples())).toEqual(['after the restart -> t']);
      // Told what the restart took away and what came after it.
      await eventually(() =>
        heard.some(
          (change) =>
            change.type === 'dropped' && change.examples[0]?.query === 'lost in the restart',
        ),
      );
    }
  });

  it('works once Redis comes up when it was unreachable at start', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const a = worker({ redis: url, timeoutMs: 100, retryMs: 20 });
    const error = await Promise.resolve(a.store.readExamples()).catch((caught: unknown) => caught);
    expect(ApiCallError.isInstance(error)).toBe(true);
    expect((error as ApiCallError).reason).toBe('network');
    const late = await startRedisServer({ port });
    try {
      const b = worker({ redis: url });
      await eventually(async () => {
        try {
          await a.store.addExamples([{ query: 'hello', tool: 't' }]);
          return true;
        } catch {
          return false;
        }
      });
      expect(pairs(await b.store.readExamples())).toEqual(['hello -> t']);
    } finally {
      await Promise.all(stores.splice(0).map((store) => store.close()));
      await late.stop();
    }
  });

  it('refuses bad input with a typed error and keeps none of a bad batch', async () => {
    const { store } = worker();
    await expect(
      store.addExamples([
        { query: 'fine', tool: 't' },
        { query: '', tool: 't' },
      ]),
    ).rejects.toThrow(InvalidArgumentError);
    await expect(store.addExamples([{ query: 'q', tool: 't', at: Number.NaN }])).rejects.toThrow(
      /at must be a finite time/,
    );
    await expect(store.forgetExamples({ tool: 't', query: 'q' } as never)).rejects.toThrow(
      InvalidArgumentError,
    );
    expect(await store.readExamples()).toEqual([]);
    expect(() => redisExampleStore({ redis: server.url, maxExamples: 0 })).toThrow(
      /maxExamples\) must be a positive integer/,
    );
    expect(() => redisExampleStore({ redis: '' })).toThrow(InvalidArgumentError);
    await store.close();
    await expect(store.readExamples()).rejects.toThrow(/was closed/);
  });

  it('skips an entry it cannot read, saying so, and keeps following', async () => {
    const { store, added } = worker();
    await store.readExamples();
    await admin.xadd(stream, '*', 'op', 'add', 'query', 'no tool');
    await admin.xadd(stream, '*', 'op', 'forget', 'selector', '{"everything":1}');
    await admin.xadd(
      stream,
      '*',
      ...['op', 'add', 'query', 'good', 'tool', 't', 'helpful', '1', 'at', '7'],
    );
    await eventually(() => added().length === 1);
    expect(await store.readExamples()).toEqual([{ query: 'good', tool: 't', at: 7 }]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/skipped entry .* not a valid example or forget/);
  });

  it('keeps telling the other subscribers when one throws, and stops telling one that left', async () => {
    const { store, added } = worker();
    const stop = store.subscribe(() => {
      throw new Error('boom');
    });
    await store.addExamples([{ query: 'one', tool: 't' }]);
    stop();
    await store.addExamples([{ query: 'two', tool: 't' }]);
    expect(added()).toHaveLength(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/subscriber threw on a 'added' change \(boom\)/);
  });
});
