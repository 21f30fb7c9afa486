/**
 * Rankings written by `dump-runs`, held as typed arrays so a weighted fusion of them is scored
 * on thousands of queries in milliseconds, with the same sums and ties as `weighted().doFuse`.
 */
import { readFileSync } from 'node:fs';
import { normalizeScores } from '@shortlist/fusion';

/** Where `dump-runs` writes and `select-fusion` reads; override with LEXICAL_RUNS. */
export const defaultRunsDir = process.env.LEXICAL_RUNS ?? '/tmp/lexical-runs';

/** The file `dump-runs` writes for one set: tool names, and per query each ranker's [tool, score]s. */
interface DumpFile {
  readonly tools: readonly string[];
  readonly queries: readonly {
    readonly id: string;
    readonly relevant: readonly number[];
    readonly runs: Readonly<Record<string, readonly (readonly [number, number])[]>>;
  }[];
}

/** One query: the tools any ranker returned, and each ranker's normalised score of them. */
export interface DumpedQuery {
  readonly id: string;
  /** Relevant tool ids (deduplicated, as the metrics count them); -1 for one not in the pool. */
  readonly relevant: readonly number[];
  /** Tool ids of the union, sorted by name, so a lower position wins a tie as in `combine`. */
  readonly tools: Int32Array;
  /** Per ranker (in `DumpedSet.rankerIds` order), per union tool: normalised score, 0 if absent. */
  readonly minmax: readonly Float64Array[];
  readonly zscore: readonly Float64Array[];
  /** Each ranker's own ranking (tool ids) and raw scores, for baselines and checks. */
  readonly own: readonly Int32Array[];
  readonly raw: readonly Float64Array[];
}

export interface DumpedSet {
  readonly name: string;
  readonly toolNames: readonly string[];
  /** Ranker ids in the order `combine` sums them (ascending), so fused sums are bit-identical. */
  readonly rankerIds: readonly string[];
  readonly queries: readonly DumpedQuery[];
}

/**
 * Reads `<dir>/<name>.json` written by `dump-runs`. `use` maps the dumped ranker ids to keep to
 * the ids they are fused under (`{ pieces8: 'pieces', ... }` tries a variant in a ranker's place).
 */
export function loadDumpedSet(
  name: string,
  use: Readonly<Record<string, string>>,
  dir = defaultRunsDir,
): DumpedSet {
  const file = `${dir}/${name}.json`;
  let dump: DumpFile;
  try {
    dump = JSON.parse(readFileSync(file, 'utf8')) as DumpFile;
  } catch (cause) {
    throw new Error(`cannot read ${file}: run \`pnpm lab lab/lexical/dump-runs.ts ${dir}\` first`, {
      cause,
    });
  }
  const dumped = Object.keys(dump.queries[0]?.runs ?? {});
  const absent = Object.keys(use).filter((id) => !dumped.includes(id));
  if (absent.length > 0) {
    throw new Error(
      `${file} has no runs of ${absent.join(', ')} (it has ${dumped.join(', ')}); dump them with dump-runs ${dir} ${Object.keys(use).join(' ')}`,
    );
  }
  const source = Object.fromEntries(Object.entries(use).map(([from, to]) => [to, from]));
  const rankerIds = Object.values(use).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const names = dump.tools;
  const byName = (a: number, b: number) =>
    names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0;
  const queries = dump.queries.map((query): DumpedQuery => {
    const union = new Set<number>();
    const runOf = (id: string) => query.runs[source[id]!] ?? [];
    for (const id of rankerIds) for (const [tool] of runOf(id)) union.add(tool);
    const tools = Int32Array.from([...union].sort(byName));
    const slot = new Map<number, number>();
    tools.forEach((tool, i) => {
      slot.set(tool, i);
    });
    const spread = (method: 'minmax' | 'zscore') =>
      rankerIds.map((id) => {
        const run = runOf(id);
        const values = normalizeScores(
          run.map((entry) => entry[1]),
          method,
        );
        const row = new Float64Array(tools.length);
        run.forEach(([tool], i) => {
          row[slot.get(tool)!] = values[i]!;
        });
        return row;
      });
    return {
      id: query.id,
      relevant: [...new Set(query.relevant)],
      tools,
      minmax: spread('minmax'),
      zscore: spread('zscore'),
      own: rankerIds.map((id) => Int32Array.from(runOf(id).map((entry) => entry[0]))),
      raw: rankerIds.map((id) => Float64Array.from(runOf(id).map((entry) => entry[1]))),
    };
  });
  return { name, toolNames: names, rankerIds, queries };
}

/** A weighted fusion over dumped runs: normalisation and one weight per ranker id. */
export interface Candidate {
  readonly normalize: 'minmax' | 'zscore';
  readonly weights: Readonly<Record<string, number>>;
}

/** Per-query nDCG@10, recall@10 and complete@5. */
export interface Scores {
  readonly ndcg: Float64Array;
  readonly recall10: Float64Array;
  readonly complete5: Float64Array;
}

const discount = Array.from({ length: 10 }, (_, i) => 1 / Math.log2(i + 2));

/** Metrics of one query from the 0-based positions of its relevant tools (≥ 10: not in the top). */
function record(scores: Scores, j: number, positions: readonly number[], relevant: number): void {
  let dcg = 0;
  let found10 = 0;
  let found5 = 0;
  for (const position of positions) {
    if (position >= 10) continue;
    dcg += 1 / Math.log2(position + 2);
    found10++;
    if (position < 5) found5++;
  }
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant, 10); i++) ideal += discount[i]!;
  scores.ndcg[j] = dcg / ideal;
  scores.recall10[j] = found10 / relevant;
  scores.complete5[j] = found5 === relevant ? 1 : 0;
}

const emptyScores = (n: number): Scores => ({
  ndcg: new Float64Array(n),
  recall10: new Float64Array(n),
  complete5: new Float64Array(n),
});

/**
 * Scores a weighted fusion on the given queries of a set: each union tool's fused score is the
 * sum, in ranker-id order, of weight × normalised score, and a relevant tool's position is the
 * number of tools ahead of it (higher score, or equal score and an earlier name).
 */
export function scoreFusion(set: DumpedSet, candidate: Candidate, rows: readonly number[]): Scores {
  const weights = set.rankerIds.map((id) => candidate.weights[id] ?? 1);
  const scores = emptyScores(rows.length);
  let fused = new Float64Array(256);
  const positions: number[] = [];
  rows.forEach((row, j) => {
    const query = set.queries[row]!;
    const size = query.tools.length;
    if (fused.length < size) fused = new Float64Array(size);
    fused.fill(0, 0, size);
    const table = query[candidate.normalize];
    for (let r = 0; r < weights.length; r++) {
      const weight = weights[r]!;
      const values = table[r]!;
      for (let t = 0; t < size; t++) fused[t]! += weight * values[t]!;
    }
    positions.length = 0;
    for (const tool of query.relevant) {
      const at = tool < 0 ? -1 : query.tools.indexOf(tool);
      if (at < 0) continue;
      const own = fused[at]!;
      let ahead = 0;
      for (let t = 0; t < size && ahead < 10; t++) {
        const other = fused[t]!;
        if (other > own || (other === own && t < at)) ahead++;
      }
      positions.push(ahead);
    }
    record(scores, j, positions, query.relevant.length);
  });
  return scores;
}

/** Scores one ranker's own ranking (a single-ranker baseline) on the given queries. */
export function scoreRanker(set: DumpedSet, rankerId: string, rows: readonly number[]): Scores {
  const r = set.rankerIds.indexOf(rankerId);
  if (r < 0) throw new Error(`${set.name}: no dumped runs of ranker "${rankerId}"`);
  const scores = emptyScores(rows.length);
  rows.forEach((row, j) => {
    const query = set.queries[row]!;
    const own = query.own[r]!;
    const positions = query.relevant.map((tool) => {
      const at = own.indexOf(tool);
      return at < 0 ? 10 : at;
    });
    record(scores, j, positions, query.relevant.length);
  });
  return scores;
}

export const mean = (values: Float64Array): number =>
  values.reduce((sum, v) => sum + v, 0) / values.length;
