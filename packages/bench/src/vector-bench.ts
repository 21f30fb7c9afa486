import { type EmbedderV1, type RankerV1, semantic, type Tool } from '@shortlist/core';
import {
  createVectorIndex,
  decodeSnapshot,
  embedMany,
  type Neighbour,
  type SearchMethod,
  toolText,
} from '@shortlist/core/kit';
import { type DatasetQuery, loadDataset } from '@shortlist/eval';
import { intent } from '@shortlist/intent-knn';
import { lexicalEmbedder } from '@shortlist/tfidf';
import { bruteForceScan } from './brute-force-scan.js';
import { nowUs, timeUs } from './clock.js';
import { memoryUse } from './memory.js';
import { summarise } from './stats.js';
import { syntheticEmbedder } from './synthetic-embedder.js';

/** One vector-search configuration: the ranker's figures and the index against a brute-force scan. */
export interface VectorResult {
  /** `semantic` (k 10), `intent` (k 200, intent's tuned neighbours) or `intent metatool`. */
  readonly kind: string;
  readonly embedder: string;
  readonly dimensions: number;
  /** Vectors in the index (tools, or examples and tool texts). */
  readonly size: number;
  readonly k: number;
  /** Ranker doIndex, embedding included; absent for rows that reuse another row's index. */
  readonly buildMs?: number;
  readonly restoreMs?: number;
  /** Heap and external growth per vector after the first searches (float rows, int8 copy, keys). */
  readonly bytesPerVector?: number;
  /** Ranker doRank latency (query embedding included), µs. */
  readonly rankP50Us?: number;
  readonly rankP99Us?: number;
  /** `VectorIndex.search` alone on the same query vectors, µs. */
  readonly searchP50Us: number;
  /** The brute-force scan (the previous index) on the same vectors in the same run, µs. */
  readonly bruteP50Us: number;
  readonly speedUp: number;
  /** Every brute-force-timed query returned the same neighbours and scores. */
  readonly identical: boolean;
  readonly method: string;
  readonly queries: number;
  readonly bruteQueries: number;
}

export interface VectorBenchOptions {
  readonly sizes: readonly number[];
  readonly dimensions: readonly number[];
  readonly queries: readonly string[];
  readonly tools: (size: number) => readonly Tool[];
  /** A folder holding metatool/queries.jsonl and tools.jsonl, for the intent rows on real data. */
  readonly metatool?: string;
  readonly gc: (() => void) | undefined;
  readonly onProgress: (message: string) => void;
}

const QUERY_CAP_US = 4_000_000;
const BRUTE_CAP_US = 3_000_000;

async function timeEach(
  items: readonly unknown[],
  run: (i: number) => unknown,
  capUs: number,
  min = 5,
): Promise<Float64Array> {
  const samples = new Float64Array(items.length);
  const deadline = nowUs() + capUs;
  let n = 0;
  for (let i = 0; i < items.length; i++) {
    const start = nowUs();
    await run(i);
    const end = nowUs();
    samples[n++] = end - start;
    if (end > deadline && n >= min) break;
  }
  return samples.subarray(0, n);
}

const same = (a: readonly Neighbour[], b: readonly Neighbour[]) =>
  a.length === b.length &&
  a.every((entry, i) => entry.key === b[i]!.key && entry.score === b[i]!.score);

/** Times the index against the brute-force scan on the same rows and query vectors. */
async function compareWithScan(
  rows: readonly Float32Array[],
  keys: readonly string[],
  queryVectors: readonly Float32Array[],
  k: number,
) {
  const methods = new Set<SearchMethod>();
  const index = createVectorIndex(rows[0]!.length, rows.length, (method) => methods.add(method));
  rows.forEach((row, i) => {
    index.add(keys[i]!, row);
  });
  const scan = bruteForceScan(rows, keys);
  for (const query of queryVectors.slice(0, 20)) index.search(query, k);
  const search = summarise(
    await timeEach(queryVectors, (i) => index.search(queryVectors[i]!, k), QUERY_CAP_US),
  );
  let identical = true;
  const brute = await timeEach(
    queryVectors,
    (i) => {
      const expected = scan(queryVectors[i]!, k);
      if (!same(index.search(queryVectors[i]!, k), expected)) identical = false;
    },
    BRUTE_CAP_US,
    3,
  );
  // The loop above also ran one index search per query; time the scan alone on those queries.
  const bruteAlone = summarise(
    await timeEach(
      queryVectors.slice(0, brute.length),
      (i) => scan(queryVectors[i]!, k),
      BRUTE_CAP_US,
      3,
    ),
  );
  return {
    searchP50Us: search.p50,
    bruteP50Us: bruteAlone.p50,
    speedUp: bruteAlone.p50 / search.p50,
    identical,
    method: [...methods].join('+'),
    queries: search.count,
    bruteQueries: bruteAlone.count,
  };
}

async function rankerFigures(
  ranker: RankerV1,
  tools: readonly Tool[],
  queries: readonly string[],
  limit: number,
  gc: (() => void) | undefined,
) {
  const before = memoryUse(gc);
  const built = await timeUs(() => ranker.doIndex(tools));
  const index = built.value;
  for (const query of queries.slice(0, 20)) await index.doRank(query, { limit });
  const rank = summarise(
    await timeEach(queries, (i) => index.doRank(queries[i]!, { limit }), QUERY_CAP_US),
  );
  const after = memoryUse(gc);
  const snapshot = index.doSnapshot!();
  const restored = await timeUs(() => ranker.doRestore!(snapshot, tools));
  restored.value.doDispose?.();
  index.doDispose?.();
  return {
    snapshot,
    buildMs: built.us / 1000,
    restoreMs: restored.us / 1000,
    growth: after.heapBytes - before.heapBytes + after.externalBytes - before.externalBytes,
    rankP50Us: rank.p50,
    rankP99Us: rank.p99,
  };
}

/** semantic() on synthetic embeddings at each size and dimension, plus the index at intent's k. */
export async function benchVectors(options: VectorBenchOptions): Promise<VectorResult[]> {
  const out: VectorResult[] = [];
  for (const dimensions of options.dimensions) {
    for (const size of options.sizes) {
      options.onProgress(
        `semantic at ${size.toLocaleString('en-US')} tools × ${dimensions} dimensions`,
      );
      const embedder = syntheticEmbedder(dimensions);
      const tools = options.tools(size);
      const figures = await rankerFigures(
        semantic({ embedder }),
        tools,
        options.queries,
        10,
        options.gc,
      );
      const content = decodeSnapshot(figures.snapshot, { kind: 'semantic', formatVersion: 2 });
      const keys = (content.meta as { keys: string[] }).keys;
      const matrix = content.arrays[0] as Float32Array;
      const rows = keys.map((_, i) => matrix.subarray(i * dimensions, (i + 1) * dimensions));
      const queryVectors = await embedMany(embedder, options.queries.slice(0, 300));
      for (const [kind, k] of [
        ['semantic', 10],
        ['intent', 200],
      ] as const) {
        const compared = await compareWithScan(rows, keys, queryVectors, k);
        out.push({
          kind,
          embedder: 'synthetic',
          dimensions,
          size,
          k,
          ...(kind === 'semantic'
            ? {
                buildMs: figures.buildMs,
                restoreMs: figures.restoreMs,
                bytesPerVector: figures.growth / size,
                rankP50Us: figures.rankP50Us,
                rankP99Us: figures.rankP99Us,
              }
            : {}),
          ...compared,
        });
      }
      options.gc?.();
    }
  }
  if (options.metatool) out.push(...(await benchMetatool(options.metatool, options)));
  return out;
}

const examplesOf = (queries: readonly DatasetQuery[]) =>
  queries.flatMap((q) => q.relevant.map((tool) => ({ query: q.query, tool })));

/** intent() on MetaTool (train examples, test queries) with the README's tuned settings. */
async function benchMetatool(dir: string, options: VectorBenchOptions): Promise<VectorResult[]> {
  const dataset = await loadDataset(dir);
  const train = dataset.queries.filter((q) => q.split === 'train');
  const test = dataset.queries.filter((q) => q.split === 'test').map((q) => q.query);
  const examples = examplesOf(train);
  const out: VectorResult[] = [];
  for (const dimensions of [1024, 4096]) {
    options.onProgress(`intent on MetaTool, lexical embedder of ${dimensions} dimensions`);
    const embedder: EmbedderV1 = lexicalEmbedder({
      corpus: [...dataset.tools.map((t) => t.description ?? ''), ...train.map((q) => q.query)],
      dimensions,
    });
    const ranker = intent({
      examples,
      embedder,
      toolText: true,
      countExponent: 0.25,
      neighbours: 200,
      exponent: 4,
    });
    const figures = await rankerFigures(ranker, dataset.tools, test, 10, options.gc);
    const exampleVectors = await embedMany(
      embedder,
      examples.map((e) => e.query),
      { inputType: 'query' },
    );
    const toolVectors = await embedMany(embedder, dataset.tools.map(toolText), {
      inputType: 'document',
    });
    const rows = [...exampleVectors, ...toolVectors];
    const keys = [...examples.map((e) => e.tool), ...dataset.tools.map((t) => t.name)];
    const queryVectors = await embedMany(embedder, test.slice(0, 300), { inputType: 'query' });
    out.push({
      kind: 'intent metatool',
      embedder: `lexical ${dimensions}`,
      dimensions,
      size: rows.length,
      k: 200,
      buildMs: figures.buildMs,
      restoreMs: figures.restoreMs,
      bytesPerVector: figures.growth / rows.length,
      rankP50Us: figures.rankP50Us,
      rankP99Us: figures.rankP99Us,
      ...(await compareWithScan(rows, keys, queryVectors, 200)),
    });
    options.gc?.();
  }
  return out;
}
