/**
 * What one of lexical()'s rankers adds at several weights: nDCG@10 of lexicalFusion()'s weights
 * with that ranker at each weight against the same weights with it left out (0), paired, on
 * dumped runs of the three shared sets (exact-first is not applied, as in select-fusion).
 * First `pnpm lab lab/lexical/dump-runs.ts DIR`, then:
 * pnpm lab lab/lexical/demo-rules.ts DIR [RANKER_ID [WEIGHT...]]   (defaults: opening, shipped weight)
 */
import { pairedBootstrap } from '@shortlist/eval';
import { lexicalFusion } from '@shortlist/lexical';
import { defaultRunsDir, loadDumpedSet, scoreFusion } from './dumped-runs.js';
import { folders, mean } from './ranker-runs.js';

const [dir = defaultRunsDir, ranker = 'opening', ...asked] = process.argv.slice(2);
const shipped: Record<string, number> = { ...lexicalFusion().config.weights };
delete shipped.exact;
if (!(ranker in shipped)) shipped[ranker] = 0;
const weights = asked.length > 0 ? asked.map(Number) : [shipped[ranker] ?? 1];
const pct = (v: number) => (v * 100).toFixed(2);
for (const set of folders) {
  const dumped = loadDumpedSet(
    set,
    Object.fromEntries(Object.keys(shipped).map((id) => [id, id])),
    dir,
  );
  const rows = dumped.queries.map((_, i) => i);
  const without = scoreFusion(
    dumped,
    { normalize: 'zscore', weights: { ...shipped, [ranker]: 0 } },
    rows,
  );
  console.log(`${set}: without ${ranker} ${pct(mean(without.ndcg))}`);
  for (const weight of weights) {
    const s = scoreFusion(
      dumped,
      { normalize: 'zscore', weights: { ...shipped, [ranker]: weight } },
      rows,
    );
    const d = pairedBootstrap(s.ndcg, without.ndcg);
    const changed = s.ndcg.filter((v, i) => v !== without.ndcg[i]).length;
    console.log(
      `  ${ranker} ${weight}: ${pct(mean(s.ndcg))}, ${pct(d.mean)} [${pct(d.low)}, ${pct(d.high)}] points; ${changed} queries change`,
    );
  }
}
