/**
 * Query latency at 10k synthetic tools (the bench package's catalogue and queries): each of
 * `lexical()`'s rankers alone, then lexical() against the previous default pipeline, in alternating blocks of the
 * same queries so both see the same machine. Prints p50 / p99 in µs and the ratio of p50s.
 * Run: pnpm lab lab/lexical/speed.ts [size] [queries] [caps]; with `caps`, the pieces
 * ranker at other query-piece caps (8 to 32) is timed beside the shipped one.
 */
import { generateCatalogue, generateQueries, percentile } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { pipe, type RankerV1, toTools } from '@shortlist/core';
import { weighted } from '@shortlist/fusion';
import { lexical, lexicalRankers, wordPieces } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';

const size = Number(process.argv[2] ?? 10_000);
const count = Number(process.argv[3] ?? 1000);
const tools = toTools(generateCatalogue({ size, seed: 1 }));
const queries = generateQueries(tools, { count, seed: 1 }).map((q) => q.query);
const micros = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${(percentile(sorted, 50) * 1000).toFixed(1)} µs, p99 ${(percentile(sorted, 99) * 1000).toFixed(1)} µs`;
};

console.log(`${size} tools, ${count} queries, limit 40 per ranker`);
const rankers: RankerV1[] = lexicalRankers();
if (process.argv[4] === 'caps') {
  for (const cap of [8, 16, 24, 32]) {
    rankers.push(tfidf({ id: `pieces${cap}`, tokenizer: wordPieces(4), maxQueryTerms: cap }));
  }
}
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
  console.log(`- ${rankers[r]!.id}: ${micros(times[r]!)}`);
}

// The default before lexical(): 0.4·bm25 + 0.6·tfidf on DBSF-normalised scores.
const previous = await pipe(bm25(), tfidf())
  .fuse(weighted({ normalize: 'dbsf', weights: { bm25: 0.4, tfidf: 0.6 } }))
  .pack(budget(4000))
  .index(tools);
const current = await lexical().index(tools);
const pickers = [previous, current];
const selectTimes: number[][] = [[], []];
const block = 25;
for (let pass = 0; pass < 2; pass++) {
  for (let start = 0; start < queries.length; start += block) {
    const order = (start / block) % 2 === 0 ? [0, 1] : [1, 0];
    for (const p of order) {
      for (const query of queries.slice(start, start + block)) {
        const started = performance.now();
        await pickers[p]!.select(query, { limit: 10 });
        if (pass === 1) selectTimes[p]!.push(performance.now() - started);
      }
    }
  }
}
const p50 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
console.log(
  `- previous default select (bm25 + tfidf, DBSF, budget 4000): ${micros(selectTimes[0]!)}`,
);
console.log(`- lexical() select: ${micros(selectTimes[1]!)}`);
console.log(
  `- lexical() / previous p50: ${(p50(selectTimes[1]!) / p50(selectTimes[0]!)).toFixed(2)}×`,
);
