/**
 * What each ranker adds to lexical(): the default fusion over its rankers, against the same
 * fusion with one ranker left out, paired on all queries.
 * Run: pnpm lab lab/lexical/ablate.ts
 */
import type { RankerV1 } from '@shortlist/core';
import { pairedBootstrap } from '@shortlist/eval';
import { lexicalFusion, lexicalRankers } from '@shortlist/lexical';
import { folders, mean, rankerRuns, score } from './ranker-runs.js';

const without = (id: string) => () => lexicalRankers().filter((ranker) => ranker.id !== id);
const variants: Record<string, () => RankerV1[]> = {
  default: () => lexicalRankers(),
  'no bigrams': without('bigrams'),
  'no pieces': without('pieces'),
  'no name signal': without('name'),
  'no bm25': without('bm25'),
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
