/**
 * fitFusion on bm25() + tfidf() + intent() for MetaTool, without leaking examples into the fit:
 * intent() learns from nine tenths of `train`, the fusion is fitted on the held-out tenth (the one
 * `tune-metatool` holds out), then intent() learns from all of `train` and the fitted fusion is
 * reported on `test` against uniform rrf() and each ranker alone, with paired 95% intervals.
 * Lives here, not in @shortlist/fusion, because this package already depends on fusion.
 * Usage: pnpm lab lab/intent-knn/fit-fusion.ts
 */
import { bm25 } from '@shortlist/bm25';
import { pipe, type Tool } from '@shortlist/core';
import { fnv1a } from '@shortlist/core/kit';
import { type DatasetQuery, loadDataset } from '@shortlist/eval';
import { fitFusion, rrf } from '@shortlist/fusion';
import { intent } from '@shortlist/intent-knn';
import { lexicalEmbedder, tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';
import { depth, printSystems, rankAll, type System } from '../ranking-scores.js';
import { examplesOf } from './intent-examples.js';

const dir = `${benchmarksDir}/metatool`;
const neighbours = 40; // chosen by tune-metatool on the held-out train tenth
const exponent = 4;

/** The stable tenth of `train` held out by tune-metatool (FNV-1a of the query id). */
const heldOut = (q: DatasetQuery): boolean => (fnv1a(q.id) >>> 0) % 10 === 0;

/** bm25() + tfidf() + intent() over the tools, intent() learning from `learnFrom`. */
function picker(tools: readonly Tool[], learnFrom: readonly DatasetQuery[]) {
  // IDF is fitted on what a deployment would have: tool descriptions and the example queries.
  const embedder = lexicalEmbedder({
    corpus: [...tools.map((t) => t.description), ...learnFrom.map((q) => q.query)],
  });
  const examples = examplesOf(learnFrom);
  return pipe(bm25(), tfidf(), intent({ examples, embedder, neighbours, exponent }))
    .fuse(rrf())
    .index(tools);
}

const started = performance.now();
const dataset = await loadDataset(dir);
const train = dataset.queries.filter((q) => q.split === 'train');
const test = dataset.queries.filter((q) => q.split === 'test');
const learn = train.filter((q) => !heldOut(q));
const validation = train.filter(heldOut);

const fitPicker = await picker(dataset.tools, learn);
const fit = await fitFusion(fitPicker, validation, { metric: 'ndcg@10', depth, folds: 5 });
console.log(
  `MetaTool: ${dataset.tools.length} tools; intent() learns from ${learn.length} train queries; fusion fitted on the other ${validation.length} (${fit.trials.length} configs); test ${test.length} queries; neighbours ${neighbours}, exponent ${exponent}`,
);
console.log(`fitted config: ${JSON.stringify(fit.config)}`);
console.log(
  `fit-set nDCG@10: fitted ${(fit.score * 100).toFixed(2)}, uniform rrf ${(fit.baselines.rrf * 100).toFixed(2)}, ${Object.entries(
    fit.baselines.rankers,
  )
    .map(([id, value]) => `${id} ${(value * 100).toFixed(2)}`)
    .join(', ')}`,
);
if (fit.crossValidation) {
  console.log(
    `5-fold CV on the fit set, nDCG@10: selection ${(fit.crossValidation.score * 100).toFixed(2)} vs uniform rrf ${(fit.crossValidation.baseline * 100).toFixed(2)}`,
  );
}
fitPicker.dispose();

// Deployment: intent() learns from every train query; the fitted fusion is fixed.
const testPicker = await picker(dataset.tools, train);
const rankings = await rankAll(testPicker, test);
const systems: [string, System][] = [
  ['fitted fusion', fit.fusion],
  ['uniform rrf (k = 60)', rrf()],
  ['intent alone', 'intent'],
  ['tfidf alone', 'tfidf'],
  ['bm25 alone', 'bm25'],
];
printSystems(
  'MetaTool test',
  rankings,
  test,
  systems,
  ['uniform rrf (k = 60)', 'intent alone', 'bm25 alone'].map((versus) => [
    versus,
    `fitted − ${versus}`,
  ]),
);
console.log(
  `\n(percent, mean [95% bootstrap interval], 1000 resamples; total ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
