import { bm25 } from '@shortlist/bm25';
import {
  budget,
  definitionText,
  gptTokenizer,
  type TokenCounter,
  tiktokenTokenizer,
} from '@shortlist/budget';
import { type Picker, pipe, type RankerV1, type Tool } from '@shortlist/core';
import type { RankerIndexV1 } from '@shortlist/core/kit';
import { weighted } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { clearMergeCache } from 'gpt-tokenizer/encoding/o200k_base';
import { nowUs, timeUs } from './clock.js';
import { summarise } from './stats.js';

/** One tokenizer's speed on the definitions, and whether its counts match the first one's. */
export interface TokenizerResult {
  readonly tokenizer: string;
  /** Which definitions were counted: `'synthetic'` or the path they were read from. */
  readonly source: string;
  readonly definitions: number;
  /** Mean and median µs to count one definition, warm. */
  readonly meanUs: number;
  readonly p50Us: number;
  /** Mean tokens a definition. */
  readonly meanTokens: number;
  /** Definitions whose count differs from the reference tokenizer's (the first listed). */
  readonly mismatches: number;
  /** Set when the tokenizer could not be loaded. */
  readonly error?: string;
}

/** Cost of `.pack(budget(...))` on a bm25 + tfidf `select()`. */
export interface PackingResult {
  readonly size: number;
  readonly maxTokens: number;
  readonly queries: number;
  /** Timed passes over the queries, after one untimed warm-up pass. */
  readonly passes: number;
  /** Queries each pipeline runs back to back before the other's turn. */
  readonly blockSize: number;
  readonly plainMeanUs: number;
  readonly packedMeanUs: number;
  readonly plainP50Us: number;
  readonly packedP50Us: number;
  /** (packed − plain) / plain, in percent, from medians (robust to a noisy machine); costs cached. */
  readonly overheadPercent: number;
  /** Median over queries of (packed − plain) for the same query and pass, as a percent of the plain median. */
  readonly overheadPercentPaired: number;
  /** The same from means, which outliers on a shared machine inflate. */
  readonly overheadPercentMean: number;
  /** First `select()` on a fresh packed picker: loads the BPE table and costs the candidates. */
  readonly coldFirstQueryMs: number;
  /** First `select()` on a fresh plain picker, for comparison. */
  readonly plainFirstQueryMs: number;
}

export interface BudgetBenchResult {
  readonly encoding: 'o200k_base';
  readonly tokenizers: readonly TokenizerResult[];
  readonly packing?: PackingResult;
}

const tokenizerFactories: readonly (readonly [string, () => Promise<TokenCounter>])[] = [
  ['gpt-tokenizer', () => gptTokenizer({ encoding: 'o200k_base' })],
  ['tiktoken', () => tiktokenTokenizer({ encoding: 'o200k_base' })],
];

/** Timed passes over the definitions per tokenizer, after one untimed pass. */
const TOKENIZER_PASSES = 3;

/**
 * Counts every definition once untimed (warming caches and the JIT), then times each definition
 * one by one over `TOKENIZER_PASSES` passes, the tokenizers taking turns pass by pass so machine
 * noise hits both alike. Counts are compared with the first tokenizer's.
 */
export async function benchTokenizers(
  tools: readonly Tool[],
  source: string,
): Promise<TokenizerResult[]> {
  const texts = tools.map((tool) => definitionText(tool, 'openai-chat'));
  // gpt-tokenizer keeps one merge cache per process (100,000 entries, least recently used out);
  // left full of another set's words it evicts on every miss, so each set starts it empty.
  clearMergeCache();
  const loaded: { name: string; counter?: TokenCounter; error?: string }[] = [];
  for (const [name, create] of tokenizerFactories) {
    try {
      loaded.push({ name, counter: await create() });
    } catch (error) {
      loaded.push({ name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const running = loaded.filter((entry) => entry.counter);
  const counts = running.map(({ counter }) => texts.map((text) => counter!.count(text)));
  const samples = running.map(() => new Float64Array(texts.length * TOKENIZER_PASSES));
  for (let pass = 0; pass < TOKENIZER_PASSES; pass++) {
    const order = running.map((_, i) => i);
    if (pass % 2 === 1) order.reverse();
    for (const k of order) {
      const counter = running[k]!.counter!;
      for (const [i, text] of texts.entries()) {
        const start = nowUs();
        counter.count(text);
        samples[k]![pass * texts.length + i] = nowUs() - start;
      }
    }
  }
  for (const { counter } of running) counter!.dispose?.();
  const reference = counts[0];
  return loaded.map(({ name, counter, error }) => {
    if (!counter) {
      return {
        tokenizer: name,
        source,
        definitions: 0,
        meanUs: Number.NaN,
        p50Us: Number.NaN,
        meanTokens: Number.NaN,
        mismatches: Number.NaN,
        error: error ?? 'not loaded',
      };
    }
    const k = running.findIndex((entry) => entry.counter === counter);
    const own = counts[k]!;
    let mismatches = 0;
    let tokens = 0;
    for (let i = 0; i < own.length; i++) {
      tokens += own[i]!;
      if (own[i] !== reference![i]) mismatches++;
    }
    const summary = summarise(samples[k]!);
    return {
      tokenizer: name,
      source,
      definitions: texts.length,
      meanUs: summary.mean,
      p50Us: summary.p50,
      meanTokens: tokens / texts.length,
      mismatches,
    };
  });
}

const selectUs = async (picker: Picker, query: string): Promise<number> => {
  const start = nowUs();
  await picker.select(query);
  return nowUs() - start;
};

/** Timed passes over the queries in the packing benchmark, after one untimed warm-up pass. */
const TIMED_PASSES = 3;

/** Queries a pipeline runs back to back before the other takes its turn. */
const BLOCK = 25;

/** A ranker that hands out an index built once, so two pipelines can share it. */
const prebuilt = (ranker: RankerV1, index: RankerIndexV1): RankerV1 => ({
  specificationVersion: 'v1',
  id: ranker.id,
  doIndex: async () => index,
});

/**
 * Times `pipe(bm25(), tfidf())` fused 0.4·bm25 + 0.6·tfidf on DBSF scores against the same
 * pipeline `.pack(budget(maxTokens))` on the same queries. Both share the same ranker
 * indexes, so the only difference is the packing. Each query runs once untimed first so every
 * candidate's cost is cached and the code is compiled. The timed passes take the queries in
 * blocks of `BLOCK`, each pipeline running a whole block in turn (plain–packed, packed–plain,
 * packed–plain, plain–packed, …) so slow drift of the machine hits both alike, and every timed
 * query follows the same pipeline's previous query, as in use. (Alternating the two pipelines
 * query by query instead hands the second one a cache the first just warmed for that query:
 * about 18% faster, which mixes two populations into each median.)
 */
export async function benchPacking(
  tools: readonly Tool[],
  queries: readonly string[],
  maxTokens: number,
): Promise<PackingResult> {
  const rankers = [bm25(), tfidf()];
  const shared = await Promise.all(
    rankers.map(async (ranker) => prebuilt(ranker, await ranker.doIndex(tools))),
  );
  // Not lexical(): bench cannot depend on @shortlist/lexical, whose tests use bench's catalogue.
  const fused = pipe(...shared).fuse(
    weighted({ normalize: 'dbsf', weights: { bm25: 0.4, tfidf: 0.6 } }),
  );
  const plain = await fused.index(tools);
  const packed = await fused.pack(budget(maxTokens)).index(tools);
  const plainFirst = await timeUs(() => plain.select(queries[0] ?? ''));
  const packedFirst = await timeUs(() => packed.select(queries[0] ?? ''));
  for (const query of queries) {
    await plain.select(query);
    await packed.select(query);
  }
  const samples = queries.length * TIMED_PASSES;
  const plainSamples = new Float64Array(samples);
  const packedSamples = new Float64Array(samples);
  const runBlock = async (picker: Picker, into: Float64Array, offset: number, from: number) => {
    const to = Math.min(queries.length, from + BLOCK);
    for (let i = from; i < to; i++) into[offset + i] = await selectUs(picker, queries[i]!);
  };
  let block = 0;
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    const offset = pass * queries.length;
    for (let from = 0; from < queries.length; from += BLOCK, block++) {
      // ABBA: plain first in blocks 0 and 3 of every four, packed first in blocks 1 and 2.
      if (block % 4 === 0 || block % 4 === 3) {
        await runBlock(plain, plainSamples, offset, from);
        await runBlock(packed, packedSamples, offset, from);
      } else {
        await runBlock(packed, packedSamples, offset, from);
        await runBlock(plain, plainSamples, offset, from);
      }
    }
  }
  plain.dispose();
  packed.dispose();
  const [p, q] = [summarise(plainSamples), summarise(packedSamples)];
  const differences = packedSamples.map((us, i) => us - plainSamples[i]!);
  return {
    size: tools.length,
    maxTokens,
    queries: queries.length,
    passes: TIMED_PASSES,
    blockSize: BLOCK,
    plainMeanUs: p.mean,
    packedMeanUs: q.mean,
    plainP50Us: p.p50,
    packedP50Us: q.p50,
    overheadPercent: ((q.p50 - p.p50) / p.p50) * 100,
    overheadPercentPaired: (summarise(differences).p50 / p.p50) * 100,
    overheadPercentMean: ((q.mean - p.mean) / p.mean) * 100,
    coldFirstQueryMs: packedFirst.us / 1000,
    plainFirstQueryMs: plainFirst.us / 1000,
  };
}
