import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { memoryExampleStore, type Picker, type Tool } from '@shortlist/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';
import {
  benchmarkSets,
  benchmarksDir,
  haveBenchmarks,
  loadBenchmark,
} from './test-benchmark-sets.js';

/** Limits compared against each other: below, at and above the fusion's head of 40. */
const limits = [1, 2, 3, 5, 8, 10, 17, 40, 41, 64, 100];

const names = async (picker: Picker, query: string, limit: number) =>
  (await picker.select(query, { limit })).picks.map((pick) => pick.name);

/**
 * Every way the picks at `limit: L` fail to be the first L of the picks at a larger limit, for
 * each of `limits`; empty when the prefix property holds for this query.
 */
async function prefixViolations(picker: Picker, query: string): Promise<string[]> {
  const found: string[] = [];
  const picks = await Promise.all(limits.map((limit) => names(picker, query, limit)));
  for (let i = 0; i < limits.length; i++) {
    for (let j = i + 1; j < limits.length; j++) {
      const small = picks[i]!;
      const large = picks[j]!;
      const expected = large.slice(0, limits[i]!);
      if (small.join('\n') !== expected.join('\n')) {
        found.push(
          `"${query}" at limit ${limits[i]} vs ${limits[j]}: ${small.join(', ')} ≠ ${expected.join(', ')}`,
        );
      }
    }
  }
  return found;
}

/** `count` tools of `tools` chosen by a seeded shuffle: a random catalogue. */
function randomCatalogue<T>(tools: readonly T[], count: number, seed: number): T[] {
  const copy = [...tools];
  let state = seed >>> 0 || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const k = state % (i + 1);
    [copy[i], copy[k]] = [copy[k]!, copy[i]!];
  }
  return copy.slice(0, count);
}

describe('lexical(): the first L picks at limit L are the first L at any larger limit', () => {
  it('on random synthetic catalogues and their queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        async (size, seed) => {
          const tools = generateCatalogue({ size, seed });
          const picker = await lexical({ maxTokens: false }).index(tools);
          for (const { query } of generateQueries(tools, { count: 3, seed })) {
            expect(await prefixViolations(picker, query)).toEqual([]);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);

  it('with packing, which only drops: picks at any limit keep the unpacked order', async () => {
    const tools = generateCatalogue({ size: 300, seed: 5 });
    const unpacked = await lexical({ maxTokens: false }).index(tools);
    const packed = await lexical({ maxTokens: 600 }).index(tools);
    for (const { query } of generateQueries(tools, { count: 20, seed: 5 })) {
      const order = await names(unpacked, query, 400);
      for (const limit of [1, 3, 5, 10, 30]) {
        const picks = await names(packed, query, limit);
        const positions = picks.map((name) => order.indexOf(name));
        expect(
          positions.every(
            (position, i) => position >= 0 && (i === 0 || position > positions[i - 1]!),
          ),
        ).toBe(true);
      }
    }
  }, 60_000);

  describe.skipIf(!haveBenchmarks)(`on the shared benchmarks (${benchmarksDir})`, () => {
    it('metatool, learning from use: what the examples lift keeps the property', async () => {
      const learnt = await loadBenchmark('metatool');
      const asked = await loadBenchmark('metatool', 40);
      const askedIds = new Set(asked.queries.map((query) => query.id));
      const picker = await lexical({ maxTokens: false, examples: memoryExampleStore() }).index(
        learnt.tools,
      );
      await picker.learn(
        learnt.queries
          .filter((query) => !askedIds.has(query.id))
          .slice(0, 3000)
          .map((query) => ({ query: query.query, tool: [...query.relevant][0]! })),
      );
      const violations: string[] = [];
      for (const { query } of asked.queries) {
        violations.push(...(await prefixViolations(picker, query)));
      }
      expect(violations).toEqual([]);
    }, 120_000);

    for (const set of benchmarkSets) {
      it(`${set}: a query sample on the whole catalogue and on random sub-catalogues`, async () => {
        const dataset = await loadBenchmark(set, 30);
        const whole = await lexical({ maxTokens: false }).index(dataset.tools);
        const violations: string[] = [];
        for (const { query } of dataset.queries) {
          violations.push(...(await prefixViolations(whole, query)));
        }
        expect(violations).toEqual([]);
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 300 }),
            fc.integer({ min: 1, max: 1_000_000 }),
            fc.integer({ min: 0, max: dataset.queries.length - 1 }),
            async (size, seed, q) => {
              const tools: readonly Tool[] = randomCatalogue(dataset.tools, size, seed);
              const picker = await lexical({ maxTokens: false }).index(tools);
              expect(await prefixViolations(picker, dataset.queries[q]!.query)).toEqual([]);
            },
          ),
          { numRuns: 20 },
        );
      }, 120_000);
    }
  });
});
