import type { ExampleStore, ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import { type Awaitable, exampleKey, exampleMatches } from '@shortlist/core/kit';
import { afterEach, describe, expect, it } from 'vitest';

/** Bounds the kit asks `create` for; absent means the store's default. */
export interface ExampleStoreBounds {
  readonly maxExamples?: number;
  readonly maxAgeMs?: number;
}

export interface DescribeExampleStoreOptions {
  /** Returns a fresh, empty store with these bounds; called once or more per test. */
  readonly create: (bounds: ExampleStoreBounds) => Awaitable<ExampleStore>;
  /** Releases a store `create` or `reopen` made (files, connections). @default nothing */
  readonly close?: (store: ExampleStore) => Awaitable<void>;
  /** The store honours `maxAgeMs`. @default false */
  readonly agesExamples?: boolean;
  /**
   * For a shared store: another handle on the same examples, as a second process would open it.
   * The kit then checks it reads the first's examples and hears its changes within `sharedWithinMs`.
   */
  readonly reopen?: (store: ExampleStore) => Awaitable<ExampleStore>;
  /** How soon a shared store's other handle hears a change, in ms. @default 1000 */
  readonly sharedWithinMs?: number;
}

type FullStore = Required<ExampleStore>;

/** A subscriber's own copy of the examples, kept by applying each change as a learned index does. */
function mirror(store: FullStore, initial: readonly ToolExample[]) {
  let copy = [...initial];
  const heard: ExampleChange[] = [];
  let resets = 0;
  const same = (a: ToolExample, b: ToolExample) => exampleKey(a) === exampleKey(b) && a.at === b.at;
  const stop = store.subscribe((change) => {
    heard.push(change);
    if (change.type === 'added') copy.push(...change.examples);
    else if (change.type === 'dropped') {
      copy = copy.filter((kept) => !change.examples.some((gone) => same(kept, gone)));
    } else if (change.type === 'forgot') {
      copy = copy.filter((kept) => !exampleMatches(kept, change.selector));
    } else resets++;
  });
  return {
    heard,
    stop,
    /** The copy, or undefined after a reset (the subscriber must read again). */
    copy: () => (resets > 0 ? undefined : copy),
    take: () => heard.splice(0),
  };
}

const strip = (examples: readonly ToolExample[]) =>
  examples.map(({ query, tool, helpful }) => ({ query, tool, helpful: helpful !== false }));

/**
 * The contract every `ExampleStore` keeps: examples read back oldest first and stamped with
 * `at`; a repeat replaces the example it repeats; forget drops what its selector matches; each
 * change reaches every subscriber once, before the call that made it resolves, in the order
 * `memoryExampleStore()` tells them; `maxExamples` (and `maxAgeMs`) bound what is kept.
 */
export function describeExampleStore(name: string, options: DescribeExampleStoreOptions): void {
  const within = options.sharedWithinMs ?? 1000;

  describe(`${name} (ExampleStore conformance)`, () => {
    const opened: ExampleStore[] = [];
    const create = async (bounds: ExampleStoreBounds = {}): Promise<FullStore> => {
      const store = await options.create(bounds);
      opened.push(store);
      return store as FullStore;
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await options.close?.(store);
    });

    it('implements every method', async () => {
      const store = await create();
      for (const method of ['addExamples', 'readExamples', 'forgetExamples', 'subscribe']) {
        expect(typeof (store as unknown as Record<string, unknown>)[method], method).toBe(
          'function',
        );
      }
    });

    it('reads examples back oldest first, stamping `at` when absent and keeping a given one', async () => {
      const store = await create();
      expect(await store.readExamples()).toEqual([]);
      const before = Date.now();
      await store.addExamples([
        { query: 'send an email to bob', tool: 'send_email' },
        { query: 'what is the weather', tool: 'get_weather', helpful: false },
      ]);
      await store.addExamples([{ query: 'book a flight', tool: 'book_flight', at: 1234 }]);
      const after = Date.now();
      const read = await store.readExamples();
      expect(strip(read)).toEqual([
        { query: 'send an email to bob', tool: 'send_email', helpful: true },
        { query: 'what is the weather', tool: 'get_weather', helpful: false },
        { query: 'book a flight', tool: 'book_flight', helpful: true },
      ]);
      for (const example of read.slice(0, 2)) {
        expect(example.at).toBeGreaterThanOrEqual(before);
        expect(example.at).toBeLessThanOrEqual(after);
      }
      expect(read[2]!.at).toBe(1234);
    });

    it('tells each subscriber of its changes once, before the call resolves', async () => {
      const store = await create();
      const first = mirror(store, []);
      const second = mirror(store, []);
      await store.addExamples([{ query: 'refund order 42', tool: 'refund' }]);
      for (const listener of [first, second]) {
        const heard = listener.take();
        expect(heard.map((change) => change.type)).toEqual(['added']);
        const added = heard[0]?.type === 'added' ? heard[0].examples : [];
        expect(strip(added)).toEqual([{ query: 'refund order 42', tool: 'refund', helpful: true }]);
      }
      second.stop();
      expect(await store.forgetExamples({ tool: 'refund' })).toBe(1);
      expect(first.take()).toEqual([{ type: 'forgot', selector: { tool: 'refund' } }]);
      expect(second.take()).toEqual([]);
      first.stop();
    });

    it('replaces a repeated example: dropped the old, then added the new, at the newest place', async () => {
      const store = await create();
      await store.addExamples([
        { query: 'open the door', tool: 'door', at: 1 },
        { query: 'close the door', tool: 'door', at: 2 },
      ]);
      const listener = mirror(store, await store.readExamples());
      await store.addExamples([{ query: 'open the door', tool: 'door', at: 3 }]);
      const heard = listener.take();
      expect(heard).toEqual([
        { type: 'dropped', examples: [{ query: 'open the door', tool: 'door', at: 1 }] },
        { type: 'added', examples: [{ query: 'open the door', tool: 'door', at: 3 }] },
      ]);
      expect(await store.readExamples()).toEqual([
        { query: 'close the door', tool: 'door', at: 2 },
        { query: 'open the door', tool: 'door', at: 3 },
      ]);
      // The same request and tool with the other verdict is another example.
      await store.addExamples([{ query: 'open the door', tool: 'door', helpful: false, at: 4 }]);
      expect(await store.readExamples()).toHaveLength(3);
      listener.stop();
    });

    it('forgets what each kind of selector matches, and returns how many', async () => {
      const store = await create();
      await store.addExamples([
        { query: 'Send  an EMAIL', tool: 'send_email' },
        { query: 'send an sms', tool: 'send_sms' },
        { query: 'email my boss', tool: 'send_email' },
        { query: 'weather in Paris', tool: 'get_weather' },
        { query: 'weather in Rome', tool: 'get_weather' },
      ]);
      expect(await store.forgetExamples({ query: 'send an email' })).toBe(1);
      expect(await store.forgetExamples({ queryContains: 'WEATHER' })).toBe(2);
      expect(await store.forgetExamples({ tool: 'send_email' })).toBe(1);
      expect(await store.forgetExamples({ tool: 'nothing_learnt' })).toBe(0);
      expect(strip(await store.readExamples())).toEqual([
        { query: 'send an sms', tool: 'send_sms', helpful: true },
      ]);
      await store.addExamples([{ query: 'weather in Oslo', tool: 'get_weather' }]);
      expect((await store.readExamples()).map((example) => example.query)).toEqual([
        'send an sms',
        'weather in Oslo',
      ]);
      expect(await store.forgetExamples({ all: true })).toBe(2);
      expect(await store.readExamples()).toEqual([]);
    });

    it('keeps at most maxExamples, dropping the oldest after telling of the added ones', async () => {
      const store = await create({ maxExamples: 3 });
      await store.addExamples([
        { query: 'one', tool: 'a', at: 1 },
        { query: 'two', tool: 'a', at: 2 },
      ]);
      const listener = mirror(store, await store.readExamples());
      await store.addExamples([
        { query: 'three', tool: 'a', at: 3 },
        { query: 'four', tool: 'a', at: 4 },
        { query: 'five', tool: 'a', at: 5 },
      ]);
      expect(listener.take().map((change) => change.type)).toEqual(['added', 'dropped']);
      expect((await store.readExamples()).map((example) => example.query)).toEqual([
        'three',
        'four',
        'five',
      ]);
      expect(listener.copy()).toEqual(await store.readExamples());
      listener.stop();
    });

    it.runIf(options.agesExamples)('drops examples older than maxAgeMs', async () => {
      const store = await create({ maxAgeMs: 60_000 });
      const listener = mirror(store, []);
      await store.addExamples([
        { query: 'long ago', tool: 'a', at: Date.now() - 120_000 },
        { query: 'just now', tool: 'a' },
      ]);
      expect((await store.readExamples()).map((example) => example.query)).toEqual(['just now']);
      expect(listener.copy()?.map((example) => example.query)).toEqual(['just now']);
      listener.stop();
    });

    it('lets a subscriber keep an exact copy through adds, repeats, forgets and trims', async () => {
      const store = await create({ maxExamples: 20 });
      const listener = mirror(store, await store.readExamples());
      let state = 11;
      const next = (n: number) => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return (state >>> 8) % n;
      };
      const tools = ['alpha', 'beta', 'gamma'];
      for (let round = 0; round < 25; round++) {
        if (next(5) === 0) {
          await store.forgetExamples(
            next(2) === 0 ? { tool: tools[next(3)]! } : { queryContains: `word${next(8)}` },
          );
        } else {
          const batch = Array.from({ length: 1 + next(4) }, () => ({
            query: `word${next(8)} word${next(8)}`,
            tool: tools[next(3)]!,
            ...(next(4) === 0 ? { helpful: false } : {}),
          }));
          await store.addExamples(batch);
        }
        const read = await store.readExamples();
        expect(read.length).toBeLessThanOrEqual(20);
        expect(listener.copy() ?? read).toEqual(read);
      }
      listener.stop();
    });

    it.runIf(options.reopen !== undefined)(
      "shares examples: another handle reads them and hears this one's changes",
      async () => {
        const store = await create();
        await store.addExamples([{ query: 'first', tool: 'a' }]);
        const other = (await options.reopen!(store)) as FullStore;
        opened.push(other);
        const initial = await other.readExamples();
        expect(strip(initial)).toEqual([{ query: 'first', tool: 'a', helpful: true }]);
        const listener = mirror(other, initial);
        await store.addExamples([{ query: 'second', tool: 'b' }]);
        await store.forgetExamples({ query: 'first' });
        // A subscriber told to reset (a store that rewrote its data) reads the examples again.
        await expect
          .poll(async () => listener.copy() ?? (await other.readExamples()), {
            timeout: within,
            interval: 20,
          })
          .toEqual(await store.readExamples());
        listener.stop();
      },
    );
  });
}
