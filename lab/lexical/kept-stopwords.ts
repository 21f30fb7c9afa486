/**
 * Experiment (not shipped): lexical() with some stopwords kept as words in bm25, tfidf and word
 * pieces (word pairs keep core's default), e.g. "who", so "who is on call" meets "Show who is on
 * call ...". Prints the demo's picks, then nDCG@10 against lexical() on each shared set, paired.
 * Run: pnpm lab lab/lexical/kept-stopwords.ts [WORD...]   (default: who)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bm25 } from '@shortlist/bm25';
import { type Pipeline, pipe, toTools } from '@shortlist/core';
import { englishStopwords } from '@shortlist/core/kit';
import { loadDataset, ndcgAt, pairedBootstrap } from '@shortlist/eval';
import {
  exactNames,
  lexical,
  lexicalFusion,
  maxPieceTerms,
  nameMatch,
  openingMatch,
  withAbstention,
  wordBigrams,
  wordPieces,
} from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';

const kept = process.argv.length > 2 ? process.argv.slice(2) : ['who'];
const stopwords = [...englishStopwords].filter((word) => !kept.includes(word));
/** lexicalRankers() with `stopwords` in bm25, tfidf and word pieces. */
const variant = (): Pipeline =>
  pipe(
    bm25({ stopwords }),
    tfidf({ stopwords }),
    tfidf({ id: 'bigrams', tokenizer: wordBigrams() }),
    tfidf({ id: 'pieces', tokenizer: wordPieces(4, stopwords), maxQueryTerms: maxPieceTerms }),
    nameMatch({ minCoverage: 0.5, exactNames: false }),
    openingMatch(),
    exactNames(),
  ).fuse(withAbstention(lexicalFusion()));

const data = join(repoRoot, 'packages/cli/data');
const tools = toTools(JSON.parse(readFileSync(join(data, 'sample-tools.json'), 'utf8')));
const queries: string[] = JSON.parse(readFileSync(join(data, 'sample-queries.json'), 'utf8'));
const demo = await variant().index(tools);
console.log(`demo, keeping ${kept.join(', ')}:`);
for (const query of queries) {
  const { picks } = await demo.select(query, { limit: 3 });
  const shown = picks.map((pick) => `${pick.name} ${pick.score.toFixed(2)}`).join(' | ');
  console.log(`  ${query}: ${shown || 'no tool matched'}`);
}

for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const scores = async (pipeline: Pipeline) => {
    const picker = await pipeline.index(dataset.tools);
    const ndcg = new Float64Array(dataset.queries.length);
    for (const [i, query] of dataset.queries.entries()) {
      const { picks } = await picker.select(query.query, { limit: 10 });
      const names = picks.map((pick) => pick.name);
      ndcg[i] = ndcgAt(names, new Set(query.relevant), 10);
    }
    return ndcg;
  };
  const base = await scores(lexical({ maxTokens: false }));
  const ndcg = await scores(variant());
  const changed = ndcg.filter((v, i) => v !== base[i]).length;
  console.log(
    `${set}: keeping ${kept.join(', ')} − lexical() ${percent(pairedBootstrap(ndcg, base))} points of nDCG@10; ${changed} queries change`,
  );
}
