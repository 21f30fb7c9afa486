/**
 * Fits a fusion of bm25() and tfidf() on MetaTool's train split and reports it on the test split
 * against uniform rrf() and each ranker alone, with 95% bootstrap intervals.
 * Run: pnpm lab lab/fusion/fit-metatool.ts [trainSample]
 */

import { sampleById } from '@shortlist/eval';
import { fitFusion, rrf } from '@shortlist/fusion';
import { depth, printSystems, type System } from '../ranking-scores.js';
import { lexicalRuns } from './lexical-runs.js';

const trainSample = Number(process.argv[2] ?? 0);
const started = performance.now();
const runs = await lexicalRuns('metatool');
const train = runs.queries.filter((query) => query.split === 'train');
const fitOn = trainSample > 0 ? sampleById(train, trainSample) : train;
const testRows = runs.queries.flatMap((query, i) => (query.split === 'test' ? [i] : []));

const fitStarted = performance.now();
const fit = await fitFusion(runs.picker, fitOn, { metric: 'ndcg@10', depth, folds: 5 });
const fitSeconds = (performance.now() - fitStarted) / 1000;

console.log(
  `MetaTool: ${runs.dataset.tools.length} tools; fit on ${fitOn.length} of ${train.length} train queries (depth ${depth}, ${fit.trials.length} configs, ${fitSeconds.toFixed(1)} s); test ${testRows.length} queries`,
);
console.log(`fitted config: ${JSON.stringify(fit.config)}`);
console.log(
  `train nDCG@10: fitted ${(fit.score * 100).toFixed(2)}, uniform rrf ${(fit.baselines.rrf * 100).toFixed(2)}, ` +
    Object.entries(fit.baselines.rankers)
      .map(([id, value]) => `${id} ${(value * 100).toFixed(2)}`)
      .join(', '),
);
if (fit.crossValidation) {
  console.log(
    `5-fold CV on train nDCG@10: selection ${(fit.crossValidation.score * 100).toFixed(2)} vs uniform rrf ${(fit.crossValidation.baseline * 100).toFixed(2)}`,
  );
}
const best = [...fit.trials].sort((a, b) => b.score - a.score).slice(0, 5);
console.log('top 5 train configs:');
for (const trial of best)
  console.log(`  ${(trial.score * 100).toFixed(2)}  ${JSON.stringify(trial.config)}`);

const systems: [string, System][] = [
  ['fitted fusion', fit.fusion],
  ['uniform rrf (k = 60)', rrf()],
  ['bm25 alone', 'bm25'],
  ['tfidf alone', 'tfidf'],
];
printSystems(
  'MetaTool test',
  testRows.map((row) => runs.rankings[row]!),
  testRows.map((row) => runs.queries[row]!),
  systems,
  [
    ['uniform rrf (k = 60)', 'fitted − uniform rrf'],
    ['bm25 alone', 'fitted − bm25'],
  ],
);
console.log(
  `\n(percent, mean [95% bootstrap interval], 1000 resamples, seed 1; total ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
