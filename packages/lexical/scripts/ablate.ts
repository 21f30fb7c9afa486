/**
 * What each part of the name signal adds to lexical(): the default fusion over bm25, tfidf and
 * nameMatch, against the same fusion with one part of nameMatch changed, paired on all queries.
 * Run: pnpm --filter @shortlist/lexical ablate
 */
import { bm25 } from '@shortlist/bm25';
import type { RankerV1 } from '@shortlist/core';
import { pairedBootstrap } from '@shortlist/eval';
import { lexicalFusion, nameMatch } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { folders, mean, rankerRuns, score } from './ranker-runs.js';

const variants: Record<string, () => RankerV1[]> = {
  default: () => [bm25(), tfidf(), nameMatch({ minCoverage: 0.5 })],
  'verbs off': () => [bm25(), tfidf(), nameMatch({ minCoverage: 0.5, verbs: false })],
  'minCoverage 0': () => [bm25(), tfidf(), nameMatch({ minCoverage: 0 })],
  'no name signal': () => [bm25(), tfidf()],
};
const pct = (v: number) => (v * 100).toFixed(2);
console.log('| set | variant | nDCG@10 | default − variant | recall@10 | complete@5 |');
console.log('|---|---|---|---|---|---|');
for (const set of folders) {
  const base = await rankerRuns(set, variants.default!());
  const rows = base.dataset.queries.map((_, i) => i);
  const ours = score(base, lexicalFusion(), rows);
  for (const [label, rankers] of Object.entries(variants)) {
    const runs = label === 'default' ? base : await rankerRuns(set, rankers());
    const s = score(runs, lexicalFusion(), rows);
    const d = pairedBootstrap(ours.ndcg, s.ndcg);
    console.log(
      `| ${set} | ${label} | ${pct(mean(s.ndcg))} | ${label === 'default' ? '–' : `${pct(d.mean)} [${pct(d.low)}, ${pct(d.high)}]`} | ${pct(mean(s.recall10))} | ${pct(mean(s.complete5))} |`,
    );
  }
}
