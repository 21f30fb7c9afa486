/**
 * p50 / p99 query latency of candidate rankers at 10k synthetic tools (experiment).
 * Run: node scripts/dist/variant-speed.js [size] [queries]
 */
import { generateCatalogue, generateQueries, percentile } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import {
  createTokenizer,
  englishStopwords,
  type RankerV1,
  splitWords,
  toTools,
} from '@shortlist/core';
import { tfidf } from '@shortlist/tfidf';

const size = Number(process.argv[2] ?? 10_000);
const count = Number(process.argv[3] ?? 1000);
const tools = toTools(generateCatalogue({ size, seed: 1 }));
const queries = generateQueries(tools, { count, seed: 1 }).map((q) => q.query);
const stop = new Set(englishStopwords);
const charGrams =
  (n: number) =>
  (text: string): string[] => {
    const out: string[] = [];
    for (const word of splitWords(text)) {
      if (stop.has(word)) continue;
      const marked = `<${word}>`;
      if (marked.length <= n) out.push(marked);
      else for (let i = 0; i + n <= marked.length; i++) out.push(marked.slice(i, i + n));
    }
    return out;
  };
const stemmed = createTokenizer();
const bigrams = (text: string): string[] => {
  const words = stemmed(text);
  const out = [...words];
  for (let i = 1; i < words.length; i++) out.push(`${words[i - 1]}_${words[i]}`);
  return out;
};
const rankers: RankerV1[] = [
  bm25(),
  tfidf(),
  tfidf({ id: 'bigram', tokenizer: bigrams }),
  ...[8, 12, 16, 24, 32].map((cap) =>
    tfidf({ id: `pieces${cap}`, tokenizer: charGrams(4), maxQueryTerms: cap }),
  ),
];
const indexes = await Promise.all(rankers.map((ranker) => ranker.doIndex(tools)));
const times: number[][] = rankers.map(() => []);
for (let pass = 0; pass < 2; pass++) {
  for (const query of queries) {
    for (let r = 0; r < rankers.length; r++) {
      const started = performance.now();
      await indexes[r]!.doRank(query, { limit: 40 });
      if (pass === 1) times[r]!.push(performance.now() - started);
    }
  }
}
for (let r = 0; r < rankers.length; r++) {
  const sorted = [...times[r]!].sort((a, b) => a - b);
  console.log(
    `${rankers[r]!.id}: p50 ${(percentile(sorted, 50) * 1000).toFixed(1)} µs, p99 ${(percentile(sorted, 99) * 1000).toFixed(1)} µs`,
  );
}
