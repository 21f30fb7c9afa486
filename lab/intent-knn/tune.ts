/**
 * Chooses intent()'s settings for MetaTool without touching the test split: ten-fold
 * cross-validation over `train` (fit embedder IDF and examples on nine tenths, score hit@1 on the
 * held-out tenth, for each tenth in turn). Each held-out query is searched once for its 200 nearest
 * examples (and its cosine to every tool's own text, for `toolText`); every setting is then
 * tallied from that list with the vote rule intent() uses (`tallyVotes`). Prints hit@1 pooled over
 * all train queries, best first, and for the top three the paired difference from
 * neighbours 40, exponent 4.
 * Usage: pnpm lab lab/intent-knn/tune.ts ['{"dimensions":4096}' ...]
 * (each argument: lexicalEmbedder options to try).
 */
import { embedMany, fnv1a, type Neighbour, toolText } from '@shortlist/core/kit';
import { type DatasetQuery, loadDataset, pairedBootstrap } from '@shortlist/eval';
import { type LexicalEmbedderOptions, lexicalEmbedder } from '@shortlist/tfidf';
import { tallyVotes } from '../../packages/intent-knn/src/tally-votes.js';
import { benchmarksDir } from '../benchmarks.mjs';

const dir = `${benchmarksDir}/metatool`;

/** Which tenth of `train` a query belongs to (FNV-1a of its id); tenth 0 is the usual held-out part. */
export const tenthOf = (q: DatasetQuery): number => (fnv1a(q.id) >>> 0) % 10;

const dataset = await loadDataset(dir);
const train = dataset.queries.filter((q) => q.split === 'train');
const variants = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['{}']).map(
  (text) => JSON.parse(text) as LexicalEmbedderOptions,
);
const depth = 200;
const settings = [false, true].flatMap((texts) =>
  [0, 0.25].flatMap((countExponent) =>
    [20, 40, 70, 100, 200].flatMap((neighbours) =>
      [3, 4, 5, 6].map((exponent) => ({ texts, countExponent, neighbours, exponent })),
    ),
  ),
);
const cosine = (a: Float32Array, b: Float32Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};
/** A lexical vector's non-zero entries (most of its buckets are empty). */
interface SparseVector {
  readonly at: Int32Array;
  readonly values: Float32Array;
}
const toSparse = (vector: Float32Array): SparseVector => {
  const at: number[] = [];
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) at.push(i);
  return { at: Int32Array.from(at), values: Float32Array.from(at, (i) => vector[i]!) };
};
/**
 * The `k` examples nearest `query` by cosine (the vectors are unit length), best first, ties by
 * tool name: what `createVectorIndex().search` returns, computed over the non-zero entries only.
 */
function searchSparse(
  rows: readonly SparseVector[],
  examples: readonly { readonly tool: string }[],
  query: Float32Array,
  k: number,
): Neighbour[] {
  const scored = rows.map((row, r) => {
    let sum = 0;
    for (let i = 0; i < row.at.length; i++) sum += query[row.at[i]!]! * row.values[i]!;
    return { key: examples[r]!.tool, score: sum };
  });
  return scored
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, k);
}

/** Merges the tools' own texts (as extra examples) into a query's sorted neighbour list. */
const withToolTexts = (list: readonly Neighbour[], texts: readonly Neighbour[]): Neighbour[] =>
  [...list, ...texts].sort((a, b) => b.score - a.score);

for (const variant of variants) {
  const hits = settings.map(() => [] as number[]);
  for (let tenth = 0; tenth < 10; tenth++) {
    const fit = train.filter((q) => tenthOf(q) !== tenth);
    const validation = train.filter((q) => tenthOf(q) === tenth);
    const corpus = [...dataset.tools.map((tool) => tool.description), ...fit.map((q) => q.query)];
    const embedder = lexicalEmbedder({ corpus, ...variant });
    const examples = fit.flatMap((q) => q.relevant.map((tool) => ({ query: q.query, tool })));
    const sparse = (
      await embedMany(
        embedder,
        examples.map((example) => example.query),
      )
    ).map(toSparse);
    const counts = new Map<string, number>();
    for (const example of examples) counts.set(example.tool, (counts.get(example.tool) ?? 0) + 1);
    const countsWithText = new Map([...counts].map(([tool, count]) => [tool, count + 1]));
    const toolVectors = await embedMany(embedder, dataset.tools.map(toolText));
    const queries = await embedMany(
      embedder,
      validation.map((q) => q.query),
    );
    queries.forEach((query, i) => {
      const nearest = searchSparse(sparse, examples, query, depth);
      const texts = withToolTexts(
        nearest,
        dataset.tools.map((tool, t) => ({ key: tool.name, score: cosine(query, toolVectors[t]!) })),
      );
      settings.forEach((setting, s) => {
        const pool = setting.texts ? texts : nearest;
        const ranking = tallyVotes(pool.slice(0, setting.neighbours), {
          minScore: 0,
          exponent: setting.exponent,
          countExponent: setting.countExponent,
          exampleCounts: setting.texts ? countsWithText : counts,
        });
        hits[s]!.push(ranking[0] && validation[i]!.relevant.includes(ranking[0].name) ? 1 : 0);
      });
    });
  }
  console.log(
    `${JSON.stringify(variant)}: 10-fold cross-validation over ${train.length} train queries`,
  );
  const mean = (list: readonly number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const baseline = settings.findIndex(
    (setting) =>
      !setting.texts &&
      setting.countExponent === 0 &&
      setting.neighbours === 40 &&
      setting.exponent === 4,
  );
  const order = settings.map((_, s) => s).sort((a, b) => mean(hits[b]!) - mean(hits[a]!));
  for (const s of order) {
    const line = `${JSON.stringify(variant)} ${JSON.stringify(settings[s])}: hit@1 ${(mean(hits[s]!) * 100).toFixed(2)}`;
    if (s === order[0] || s === order[1] || s === order[2]) {
      const difference = pairedBootstrap(hits[s]!, hits[baseline]!);
      console.log(
        `${line}, vs neighbours 40 exponent 4: ${(difference.mean * 100).toFixed(2)} [${(difference.low * 100).toFixed(2)}, ${(difference.high * 100).toFixed(2)}] points`,
      );
    } else console.log(line);
  }
}
