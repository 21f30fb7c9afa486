import { type RankerV1, ShortlistError, type Tool, toTools } from '@shortlist/core';
import { MAX_QUERY_TERMS, type RankerIndexV1, type Ranking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';
import { expectSameRanking, expectWellFormedRanking } from './expect-ranking.js';
import { extraTools, sampleQueries, sampleTools } from './sample-tools.js';

export interface DescribeRankerOptions {
  /** Returns a fresh ranker; called once per test. */
  readonly create: () => RankerV1;
  /** The catalogue to index. @default sampleTools */
  readonly tools?: readonly Tool[];
  /** Queries to rank. @default sampleQueries */
  readonly queries?: readonly string[];
  /** Tools added and removed again in the add/remove test. @default extraTools */
  readonly extraTools?: readonly Tool[];
  /** How many results each query asks for. @default 5 */
  readonly limit?: number;
  /**
   * The ranker keeps core's query-term policy: a query of more than `MAX_QUERY_TERMS` distinct
   * terms is scored as its rarest `MAX_QUERY_TERMS` (bounded work for pasted documents).
   * @default false
   */
  readonly capsQueryTerms?: boolean;
}

/** A distinct made-up word per i that no stemmer or stopword list alters. */
const madeUpWord = (i: number): string =>
  `q${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}z`;

const rankAll = async (index: RankerIndexV1, queries: readonly string[], limit: number) => {
  const out: Ranking[] = [];
  for (const query of queries) out.push(await index.doRank(query, { limit }));
  return out;
};

/** Why a snapshot test is skipped: the kit reports it as skipped, never as passed. */
const noSnapshots = (name: string): string =>
  `${name} has no doSnapshot on its index or no doRestore on the ranker`;

/** Seeded shuffle so a failure reproduces. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The contract every ranker keeps: well-formed rankings, `limit` respected, empty query or
 * corpus gives nothing, input order and mutation do not matter, abort works, and (when
 * supported) add-then-remove and snapshot-then-restore give back identical rankings; a ranker
 * without add, remove or snapshots sees those tests skipped, with the reason.
 */
export function describeRanker(name: string, options: DescribeRankerOptions): void {
  const tools = options.tools ?? sampleTools;
  const queries = options.queries ?? sampleQueries;
  const extras = options.extraTools ?? extraTools;
  const limit = options.limit ?? 5;

  describe(`${name} (RankerV1 conformance)`, () => {
    it('declares spec v1 and a non-empty id', () => {
      const ranker = options.create();
      expect(ranker.specificationVersion).toBe('v1');
      expect(typeof ranker.id).toBe('string');
      expect(ranker.id.length).toBeGreaterThan(0);
      expect(typeof ranker.doIndex).toBe('function');
    });

    it('returns well-formed rankings of catalogue tools within the limit', async () => {
      const index = await options.create().doIndex(tools);
      const known = new Set(tools.map((tool) => tool.name));
      let nonEmpty = 0;
      for (const query of queries) {
        for (const k of [1, limit, tools.length + 5]) {
          const ranking = await index.doRank(query, { limit: k });
          expectWellFormedRanking(ranking, k);
          for (const entry of ranking) expect(known.has(entry.name)).toBe(true);
          if (ranking.length > 0) nonEmpty++;
        }
      }
      expect(nonEmpty).toBeGreaterThan(0);
    });

    it('gives a prefix of the longer ranking when the limit is smaller', async () => {
      const index = await options.create().doIndex(tools);
      for (const query of queries) {
        const long = await index.doRank(query, { limit: limit * 2 });
        const short = await index.doRank(query, { limit });
        expectSameRanking(short, long.slice(0, short.length));
        expect(short.length).toBe(Math.min(limit, long.length));
      }
    });

    it('returns nothing for an empty or blank query', async () => {
      const index = await options.create().doIndex(tools);
      expect(await index.doRank('', { limit })).toEqual([]);
      expect(await index.doRank('   \n\t', { limit })).toEqual([]);
    });

    it('returns nothing from an empty catalogue', async () => {
      const index = await options.create().doIndex([]);
      for (const query of queries) expect(await index.doRank(query, { limit })).toEqual([]);
    });

    it('does not depend on the order tools are given in', async () => {
      const baseline = await rankAll(await options.create().doIndex(tools), queries, limit);
      for (const seed of [1, 2]) {
        const index = await options.create().doIndex(shuffled(tools, seed));
        const rankings = await rankAll(index, queries, limit);
        rankings.forEach((ranking, i) => {
          expectSameRanking(ranking, baseline[i]!);
        });
      }
    });

    it('does not mutate the tools it indexes', async () => {
      const copy = structuredClone(tools.map(({ original: _original, ...rest }) => rest));
      const frozen = deepFreeze(structuredClone(tools));
      const index = await options.create().doIndex(frozen);
      await rankAll(index, queries, limit);
      expect(frozen.map(({ original: _original, ...rest }) => rest)).toEqual(copy);
    });

    it('rejects when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(
        options.create().doIndex(tools, { signal: controller.signal }),
      ).rejects.toThrow();
      const index = await options.create().doIndex(tools);
      await expect(
        Promise.resolve().then(() =>
          index.doRank(queries[0]!, { limit, signal: controller.signal }),
        ),
      ).rejects.toThrow();
    });

    it("places a scope's tools where the whole ranking has them (when supported)", async ({
      skip,
    }) => {
      const ranker = options.create();
      const built = await ranker.doIndex(tools);
      if (!built.doPlace) return skip(`${name}'s index has no doPlace`);
      // Built, restored from a snapshot, and changed then changed back: each places alike.
      const indexes = [built];
      const snapshot = built.doSnapshot?.();
      if (snapshot && ranker.doRestore) indexes.push(await ranker.doRestore(snapshot, tools));
      if (built.doAdd && built.doRemove) {
        const changed = await options.create().doIndex(tools);
        await changed.doAdd!(extras);
        await changed.doRemove!(extras.map((tool) => tool.name));
        indexes.push(changed);
      }
      let below = 0;
      for (const index of indexes) {
        for (const query of queries) {
          const whole = await index.doRank(query, { limit: tools.length });
          for (const head of [0, 1, 3]) {
            for (const parity of [0, 1]) {
              const names = new Set(tools.filter((_, i) => i % 2 === parity).map((t) => t.name));
              // A Set and a plain name test: rankers may look a Set's names up.
              const only = parity === 0 ? names : { has: (tool: string) => names.has(tool) };
              const placed = await index.doPlace!(query, { head, only });
              const expected = [
                ...whole.slice(0, head),
                ...whole.flatMap((entry, i) =>
                  i >= head && names.has(entry.name)
                    ? [{ name: entry.name, score: entry.score, rank: i + 1 }]
                    : [],
                ),
              ];
              expect(placed).toEqual(expected);
              below += expected.length - Math.min(head, whole.length);
              // `below` keeps only the best of the scope's tools under the head.
              const few = await index.doPlace!(query, { head, only, below: 1 });
              expect(few).toEqual(expected.slice(0, Math.min(head, whole.length) + 1));
            }
          }
        }
      }
      expect(below).toBeGreaterThan(0);
    });

    it('ranks exactly as before after adding then removing tools (when supported)', async ({
      skip,
    }) => {
      const index = await options.create().doIndex(tools);
      if (!index.doAdd || !index.doRemove) return skip(`${name}'s index has no doAdd and doRemove`);
      const before = await rankAll(index, queries, limit);
      await index.doAdd(extras);
      expect(index.size).toBe(tools.length + extras.length);
      await index.doRemove(extras.map((tool) => tool.name));
      expect(index.size).toBe(tools.length);
      const after = await rankAll(index, queries, limit);
      after.forEach((ranking, i) => {
        expectSameRanking(ranking, before[i]!);
      });
    });

    it('ranks like a fresh index after adding tools (when supported)', async ({ skip }) => {
      const index = await options.create().doIndex(tools.slice(0, -3));
      if (!index.doAdd) return skip(`${name}'s index has no doAdd`);
      await index.doAdd(tools.slice(-3));
      const fresh = await options.create().doIndex(tools);
      const [added, rebuilt] = [
        await rankAll(index, queries, limit),
        await rankAll(fresh, queries, limit),
      ];
      added.forEach((ranking, i) => {
        expectSameRanking(ranking, rebuilt[i]!);
      });
    });

    it('restores a snapshot that ranks identically (when supported)', async ({ skip }) => {
      const ranker = options.create();
      const index = await ranker.doIndex(tools);
      if (!index.doSnapshot || !ranker.doRestore) return skip(noSnapshots(name));
      const snapshot = index.doSnapshot();
      expect(snapshot).toBeInstanceOf(Uint8Array);
      const restored = await options.create().doRestore!(snapshot, tools);
      const [before, after] = [
        await rankAll(index, queries, limit),
        await rankAll(restored, queries, limit),
      ];
      after.forEach((ranking, i) => {
        expectSameRanking(ranking, before[i]!);
      });
    });

    it('rejects a truncated or altered snapshot with a Shortlist error (when supported)', async ({
      skip,
    }) => {
      const ranker = options.create();
      const index = await ranker.doIndex(tools);
      if (!index.doSnapshot || !ranker.doRestore) return skip(noSnapshots(name));
      const snapshot = index.doSnapshot();
      const truncated = snapshot.slice(0, Math.floor(snapshot.length / 2));
      const altered = snapshot.slice();
      const middle = Math.floor(altered.length / 2);
      altered[middle] = altered[middle]! ^ 0xff;
      for (const bad of [truncated, altered, new Uint8Array(0)]) {
        const error = await Promise.resolve()
          .then(() => options.create().doRestore!(bad, tools))
          .then(
            () => undefined,
            (caught: unknown) => caught,
          );
        expect(ShortlistError.isInstance(error)).toBe(true);
      }
    });

    it.runIf(options.capsQueryTerms === true)(
      'scores a query of more than MAX_QUERY_TERMS distinct terms as its rarest MAX_QUERY_TERMS',
      async () => {
        const extra = 44;
        const count = MAX_QUERY_TERMS + extra;
        // Tool j has words 0..j, so word i is in count - i tools: later words are rarer.
        const catalogue = toTools(
          Array.from({ length: count }, (_, j) => ({
            name: `tool_${j}`,
            description: Array.from({ length: j + 1 }, (_, i) => madeUpWord(i)).join(' '),
          })),
        );
        const index = await options.create().doIndex(catalogue);
        const words = Array.from({ length: count }, (_, i) => madeUpWord(i));
        const full = await index.doRank(words.join(' '), { limit: count });
        const rarest = await index.doRank(words.slice(extra).join(' '), { limit: count });
        expect(full).toEqual(rarest);
        // Tools 0..extra-1 hold only the common words the policy drops.
        expect(full.map((entry) => entry.name)).not.toContain(`tool_${extra - 1}`);
        expect(full).toHaveLength(count - extra);
        // Within the bound nothing is dropped: the common words still find their tools.
        const within = await index.doRank(words.slice(0, MAX_QUERY_TERMS).join(' '), {
          limit: count,
        });
        expect(within).toHaveLength(count);
      },
    );
  });
}
