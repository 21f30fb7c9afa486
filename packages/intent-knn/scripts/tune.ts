/**
 * Chooses intent()'s neighbours and exponent for MetaTool without touching the test split:
 * fits on nine tenths of `train` and scores hit@1 on the held-out tenth. Each validation query is
 * searched once for its 100 nearest examples; every setting is then tallied from that list with
 * the vote rule intent() uses (sum of cosine ** exponent over the nearest `neighbours`).
 * Usage: pnpm --filter @shortlist/intent-knn tune-metatool ['{"dimensions":2048}' ...]
 * (each argument: lexicalEmbedder options to try).
 */
import { createVectorIndex, embedMany } from '@shortlist/core';
import { type DatasetQuery, loadDataset } from '@shortlist/eval';
import { type LexicalEmbedderOptions, lexicalEmbedder } from '@shortlist/tfidf';

const dir = `${process.env.SHORTLIST_BENCHMARKS ?? '/work/shared/benchmarks'}/metatool`;

/** The stable tenth of `train` held out for tuning (FNV-1a of the query id). */
export const heldOut = (q: DatasetQuery): boolean => {
  let hash = 2166136261;
  for (let i = 0; i < q.id.length; i++) hash = Math.imul(hash ^ q.id.charCodeAt(i), 16777619);
  return (hash >>> 0) % 10 === 0;
};

const dataset = await loadDataset(dir);
const train = dataset.queries.filter((q) => q.split === 'train');
const fit = train.filter((q) => !heldOut(q));
const validation = train.filter(heldOut);
const variants = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['{}']).map(
  (text) => JSON.parse(text) as LexicalEmbedderOptions,
);

for (const variant of variants) {
  const corpus = [...dataset.tools.map((tool) => tool.description), ...fit.map((q) => q.query)];
  const embedder = lexicalEmbedder({ corpus, ...variant });
  const examples = fit.flatMap((q) => q.relevant.map((tool) => ({ query: q.query, tool })));
  const vectors = await embedMany(
    embedder,
    examples.map((example) => example.query),
  );
  const index = createVectorIndex(embedder.dimensions, examples.length);
  examples.forEach((example, i) => {
    index.add(example.tool, vectors[i]!);
  });
  const queries = await embedMany(
    embedder,
    validation.map((q) => q.query),
  );
  const nearest = queries.map((query) => index.search(query, 100));
  for (const neighbours of [1, 5, 10, 20, 40, 70, 100]) {
    for (const exponent of [1, 2, 4, 6, 8]) {
      let hits = 0;
      nearest.forEach((list, i) => {
        const scores = new Map<string, number>();
        for (const { key, score } of list.slice(0, neighbours)) {
          if (score > 0) scores.set(key, (scores.get(key) ?? 0) + score ** exponent);
        }
        const best = [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
        if (best && validation[i]!.relevant.includes(best[0])) hits++;
      });
      console.log(
        `${JSON.stringify(variant)} neighbours=${neighbours} exponent=${exponent}: validation hit@1 ${((hits / validation.length) * 100).toFixed(2)}`,
      );
    }
  }
}
