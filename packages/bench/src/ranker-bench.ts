import type { RankerV1, Tool } from '@shortlist/core';
import type { RankerIndexV1, Ranking } from '@shortlist/core/kit';
import { nowUs, timeUs } from './clock.js';
import { memoryUse } from './memory.js';
import { summarise } from './stats.js';

/** Figures for one ranker on one catalogue size. Times in ms or µs as named; memory in bytes. */
export interface RankerResult {
  readonly ranker: string;
  readonly size: number;
  readonly buildMs: number;
  /** Absent when the ranker has no snapshots. */
  readonly restoreMs?: number;
  readonly snapshotBytes?: number;
  /** Why restore was not measured, or that the restored index ranked differently. */
  readonly restoreNote?: string;
  /** Growth of the V8 heap from before building to after it (after a forced collection). */
  readonly heapBytes: number;
  /** Growth of memory outside the heap (typed-array buffers, WASM). */
  readonly externalBytes: number;
  /** The first query after building, which pays any lazy work. */
  readonly coldQueryUs: number;
  /** Queries timed (fewer than asked when the time cap was hit). */
  readonly queries: number;
  readonly queriesAsked: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly meanUs: number;
  /** Queries a second on one core, from the mean. */
  readonly qps: number;
}

export interface RankerBenchOptions {
  /** Results asked of each query. @default 10 */
  readonly limit?: number;
  /** Untimed queries first, so the JIT has compiled the hot paths. @default 100 */
  readonly warmupQueries?: number;
  /** Warm-up and timing each stop early after this long (at least `minQueries` run). */
  readonly maxQueryMs: number;
  /** @default 5 */
  readonly minQueries?: number;
  readonly gc: (() => void) | undefined;
}

const rank = (index: RankerIndexV1, query: string, limit: number): Ranking | PromiseLike<Ranking> =>
  index.doRank(query, { limit });

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Times queries one at a time; awaits only rankers that answer with a promise. */
async function timeQueries(
  index: RankerIndexV1,
  queries: readonly string[],
  limit: number,
  maxUs: number,
  minQueries: number,
): Promise<Float64Array> {
  const samples = new Float64Array(queries.length);
  const deadline = nowUs() + maxUs;
  let n = 0;
  for (const query of queries) {
    const start = nowUs();
    const result = rank(index, query, limit);
    if (isThenable(result)) await result;
    const end = nowUs();
    samples[n++] = end - start;
    if (end > deadline && n >= minQueries) break;
  }
  return samples.subarray(0, n);
}

const sameNames = (a: Ranking, b: Ranking) =>
  a.length === b.length && a.every((entry, i) => entry.name === b[i]!.name);

/** Builds, measures memory, times cold and warm queries, then snapshots and restores. */
export async function benchRanker(
  ranker: RankerV1,
  tools: readonly Tool[],
  queries: readonly string[],
  options: RankerBenchOptions,
): Promise<RankerResult> {
  const { limit = 10, warmupQueries = 100, maxQueryMs, minQueries = 5, gc } = options;
  const before = memoryUse(gc);
  const built = await timeUs(() => ranker.doIndex(tools));
  const index = built.value;
  const after = memoryUse(gc);

  const cold = await timeUs(() => rank(index, queries[0] ?? '', limit));
  await timeQueries(index, queries.slice(1, 1 + warmupQueries), limit, maxQueryMs * 500, 1);
  const samples = await timeQueries(index, queries, limit, maxQueryMs * 1000, minQueries);
  const summary = summarise(samples);

  let restore: Pick<RankerResult, 'restoreMs' | 'snapshotBytes' | 'restoreNote'> = {};
  if (index.doSnapshot && ranker.doRestore) {
    try {
      const snapshot = index.doSnapshot();
      const restored = await timeUs(() => ranker.doRestore!(snapshot, tools));
      restore = { restoreMs: restored.us / 1000, snapshotBytes: snapshot.byteLength };
      for (const query of queries.slice(0, 5)) {
        const [a, b] = [await rank(index, query, limit), await rank(restored.value, query, limit)];
        if (!sameNames(a, b))
          restore = { ...restore, restoreNote: 'restored index ranks differently' };
      }
      restored.value.doDispose?.();
    } catch (error) {
      restore = {
        restoreNote: `restore failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  } else {
    restore = { restoreNote: 'no snapshots' };
  }
  index.doDispose?.();

  return {
    ranker: ranker.id,
    size: tools.length,
    buildMs: built.us / 1000,
    ...restore,
    heapBytes: after.heapBytes - before.heapBytes,
    externalBytes: after.externalBytes - before.externalBytes,
    coldQueryUs: cold.us,
    queries: summary.count,
    queriesAsked: queries.length,
    p50Us: summary.p50,
    p99Us: summary.p99,
    meanUs: summary.mean,
    qps: summary.mean > 0 ? 1e6 / summary.mean : Number.NaN,
  };
}
