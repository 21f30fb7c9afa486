/** Prints queries of one set where adding the name signal to a fusion lowers nDCG@10 most. */
import { weighted } from '@shortlist/fusion';
import { top10 } from '../ranking-scores.js';
import { rankerRuns, score } from './ranker-runs.js';

const set = process.argv[2] ?? 'bfcl';
const runs = await rankerRuns(set);
const rows = runs.dataset.queries.map((_, i) => i);
const without = weighted({ normalize: 'zscore', weights: { bm25: 0.5, tfidf: 0.5, name: 0 } });
const withName = weighted({ normalize: 'zscore', weights: { bm25: 0.4, tfidf: 0.4, name: 0.2 } });
const a = score(runs, without, rows).ndcg;
const b = score(runs, withName, rows).ndcg;
const order = rows.filter((i) => a[i] !== b[i]).sort((x, y) => b[x]! - a[x]! - (b[y]! - a[y]!));
console.log(
  `changed ${order.length}; hurt ${order.filter((i) => b[i]! < a[i]!).length}; helped ${order.filter((i) => b[i]! > a[i]!).length}`,
);
for (const i of order.slice(0, 12)) {
  const q = runs.dataset.queries[i]!;
  const name = runs.rankings[i]!.find((s) => s.rankerId === 'name')!.ranking.slice(0, 3);
  console.log(
    `\n${q.query.slice(0, 160)}\n  relevant ${q.relevant.join(', ')}\n  without ${top10(runs.rankings[i]!, without).slice(0, 3).join(', ')}\n  with    ${top10(runs.rankings[i]!, withName).slice(0, 3).join(', ')}\n  name    ${name.map((e) => `${e.name} ${e.score.toFixed(2)}`).join(', ')}`,
  );
}
