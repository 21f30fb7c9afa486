/**
 * Writes each ranker's depth-40 ranking of every query of the shared sets to JSON, so fusions can
 * be scored in seconds instead of re-ranking (`select-fusion` reads them). By default the rankers
 * of `lexical()`; experimental ones by id. Run: pnpm lab lab/lexical/dump-runs.ts [OUT_DIR [ids...]]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { bm25 } from '@shortlist/bm25';
import type { RankerV1 } from '@shortlist/core';
import { createTokenizer } from '@shortlist/core/kit';
import { lexicalRankers, nameMatch, wordPieces } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { defaultRunsDir } from './dumped-runs.js';
import { questionPhraseMatch } from './question-phrase.js';
import { folders, rankerRuns } from './ranker-runs.js';

const out = process.argv[2] ?? defaultRunsDir;
/** `lexical()`'s own rankers, by id: bm25, tfidf, bigrams, pieces, name. */
const shipped = Object.fromEntries(lexicalRankers().map((ranker) => [ranker.id, ranker]));
const available: Record<string, () => RankerV1> = {
  name0: () => nameMatch({ id: 'name0', minCoverage: 0 }),
  question: () => questionPhraseMatch(),
  bm25s: () => bm25({ id: 'bm25s', tokenizer: createTokenizer() }),
  tfidfraw: () => tfidf({ id: 'tfidfraw', sublinearTf: false }),
};
available.chars3 = () => tfidf({ id: 'chars3', tokenizer: wordPieces(3) });
available.chars4 = () => tfidf({ id: 'chars4', tokenizer: wordPieces(4) });
available.chars5 = () => tfidf({ id: 'chars5', tokenizer: wordPieces(5) });
const nameOnly = {
  description: 0,
  parameterNames: 0,
  parameterDescriptions: 0,
  enumValues: 0,
  tags: 0,
};
available.nchars3 = () =>
  tfidf({ id: 'nchars3', tokenizer: wordPieces(3), fieldWeights: nameOnly });
available.nchars4 = () =>
  tfidf({ id: 'nchars4', tokenizer: wordPieces(4), fieldWeights: nameOnly });
available.dchars4 = () =>
  tfidf({
    id: 'dchars4',
    tokenizer: wordPieces(4),
    fieldWeights: { parameterDescriptions: 0, enumValues: 0 },
  });
for (const cap of [8, 12, 16, 24, 32]) {
  available[`pieces${cap}`] = () =>
    tfidf({ id: `pieces${cap}`, tokenizer: wordPieces(4), maxQueryTerms: cap });
}
available.tfidfn3 = () => tfidf({ id: 'tfidfn3', fieldWeights: { name: 3, title: 3 } });
const ids = process.argv.slice(3).length > 0 ? process.argv.slice(3) : Object.keys(shipped);
const unknown = ids.filter((id) => !shipped[id] && !available[id]);
if (unknown.length > 0) {
  throw new Error(
    `unknown ranker ids ${unknown.join(', ')}; known: ${[...Object.keys(shipped), ...Object.keys(available)].join(', ')}`,
  );
}
mkdirSync(out, { recursive: true });
for (const name of folders) {
  const started = Date.now();
  const runs = await rankerRuns(
    name,
    ids.map((id) => shipped[id] ?? available[id]!()),
  );
  const toolIds = runs.dataset.tools.map((tool) => tool.name);
  const position = new Map(toolIds.map((id, i) => [id, i]));
  const queries = runs.dataset.queries.map((query, i) => ({
    id: query.id,
    relevant: query.relevant.map((id) => position.get(id) ?? -1),
    runs: Object.fromEntries(
      runs.rankings[i]!.map((source) => [
        source.rankerId,
        source.ranking.map((entry) => [position.get(entry.name)!, entry.score]),
      ]),
    ),
  }));
  writeFileSync(
    `${out}/${name}${process.env.SUFFIX ?? ''}.json`,
    JSON.stringify({ tools: toolIds, queries }),
  );
  console.error(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
