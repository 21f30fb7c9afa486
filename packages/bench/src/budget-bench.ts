import { bm25 } from '@shortlist/bm25';
import {
  budget,
  definitionText,
  gptTokenizer,
  type TokenCounter,
  tiktokenTokenizer,
} from '@shortlist/budget';
import { type Picker, pipe, type RankerIndexV1, type RankerV1, type Tool } from '@shortlist/core';
import { lexicalDefaultFusion } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { nowUs, timeUs } from './clock.js';
import { summarise } from './stats.js';

/** One tokenizer's speed on the definitions, and whether its counts match the first one's. */
export interface TokenizerResult {
  readonly tokenizer: string;
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

/** Cost of `.pack(budget(...))` on a lexical `select()`. */
export interface PackingResult {
  readonly size: number;
  readonly maxTokens: number;
  readonly queries: number;
  /** Timed passes over the queries, after one untimed warm-up pass. */
  readonly passes: number;
  readonly plainMeanUs: number;
  readonly packedMeanUs: number;
  readonly plainP50Us: number;
  readonly packedP50Us: number;
  /** (packed − plain) / plain, in percent, from medians (robust to a noisy machine); costs cached. */
  readonly overheadPercent: number;
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

/** Counts every definition once to warm up, then again timed one by one. */
export async function benchTokenizers(tools: readonly Tool[]): Promise<TokenizerResult[]> {
  const texts = tools.map((tool) => definitionText(tool, 'openai-chat'));
  let reference: Int32Array | undefined;
  const out: TokenizerResult[] = [];
  for (const [name, create] of tokenizerFactories) {
    let counter: TokenCounter;
    try {
      counter = await create();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      out.push({
        tokenizer: name,
        definitions: 0,
        meanUs: Number.NaN,
        p50Us: Number.NaN,
        meanTokens: Number.NaN,
        mismatches: Number.NaN,
        error: message,
      });
      continue;
    }
    const counts = new Int32Array(texts.length);
    for (const [i, text] of texts.entries()) counts[i] = counter.count(text);
    const samples = new Float64Array(texts.length);
    for (const [i, text] of texts.entries()) {
      const start = nowUs();
      counter.count(text);
      samples[i] = nowUs() - start;
    }
    counter.dispose?.();
    reference ??= counts;
    let mismatches = 0;
    let tokens = 0;
    for (let i = 0; i < counts.length; i++) {
      tokens += counts[i]!;
      if (counts[i] !== reference[i]) mismatches++;
    }
    const summary = summarise(samples);
    out.push({
      tokenizer: name,
      definitions: texts.length,
      meanUs: summary.mean,
      p50Us: summary.p50,
      meanTokens: tokens / texts.length,
      mismatches,
    });
  }
  return out;
}

const selectUs = async (picker: Picker, query: string): Promise<number> => {
  const start = nowUs();
  await picker.select(query);
  return nowUs() - start;
};

/** Timed passes over the queries in the packing benchmark, after one untimed warm-up pass. */
const TIMED_PASSES = 3;

/** A ranker that hands out an index built once, so two pipelines can share it. */
const prebuilt = (ranker: RankerV1, index: RankerIndexV1): RankerV1 => ({
  specificationVersion: 'v1',
  id: ranker.id,
  doIndex: async () => index,
});

/**
 * Times the lexical pipeline `pipe(bm25(), tfidf()).fuse(lexicalDefaultFusion())` against the
 * same pipeline `.pack(budget(maxTokens))` on the same queries. Both share the same ranker
 * indexes, so the only difference is the packing; queries alternate between the two so machine
 * noise hits both alike. Every query runs once untimed first so each candidate's cost is cached
 * and the code is compiled, then `TIMED_PASSES` timed passes give enough samples for stable medians.
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
  const lexical = pipe(...shared).fuse(lexicalDefaultFusion());
  const plain = await lexical.index(tools);
  const packed = await lexical.pack(budget(maxTokens)).index(tools);
  const plainFirst = await timeUs(() => plain.select(queries[0] ?? ''));
  const packedFirst = await timeUs(() => packed.select(queries[0] ?? ''));
  for (const query of queries) {
    await plain.select(query);
    await packed.select(query);
  }
  const samples = queries.length * TIMED_PASSES;
  const plainSamples = new Float64Array(samples);
  const packedSamples = new Float64Array(samples);
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    for (const [i, query] of queries.entries()) {
      const at = pass * queries.length + i;
      if (at % 2 === 0) {
        plainSamples[at] = await selectUs(plain, query);
        packedSamples[at] = await selectUs(packed, query);
      } else {
        packedSamples[at] = await selectUs(packed, query);
        plainSamples[at] = await selectUs(plain, query);
      }
    }
  }
  plain.dispose();
  packed.dispose();
  const [p, q] = [summarise(plainSamples), summarise(packedSamples)];
  return {
    size: tools.length,
    maxTokens,
    queries: queries.length,
    passes: TIMED_PASSES,
    plainMeanUs: p.mean,
    packedMeanUs: q.mean,
    plainP50Us: p.p50,
    packedP50Us: q.p50,
    overheadPercent: ((q.p50 - p.p50) / p.p50) * 100,
    overheadPercentMean: ((q.mean - p.mean) / p.mean) * 100,
    coldFirstQueryMs: packedFirst.us / 1000,
    plainFirstQueryMs: plainFirst.us / 1000,
  };
}
