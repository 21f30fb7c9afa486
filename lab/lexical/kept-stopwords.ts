/**
 * Experiment (not shipped): lexical() with some stopwords kept as words in bm25, tfidf and word
 * pieces (word pairs keep core's default), e.g. "who", so "who is on call" meets "Show who is on
 * call ...". Prints the demo's picks, then nDCG@10 against lexical() on each shared set, paired.
 * Run: pnpm lab lab/lexical/kept-stopwords.ts [WORD...]   (default: who)
 */
import { bm25 } from '@shortlist/bm25';
import type { Pipeline } from '@shortlist/core';
import { englishStopwords } from '@shortlist/core/kit';
import { loadDataset, pairedBootstrap } from '@shortlist/eval';
import { lexical, maxPieceTerms, wordPieces } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';
import { lexicalWith, queryScores, sampleQueries, sampleTools } from './variant-runs.js';

const kept = process.argv.length > 2 ? process.argv.slice(2) : ['who'];
const stopwords = [...englishStopwords].filter((word) => !kept.includes(word));
/** lexicalRankers() with `stopwords` in bm25, tfidf (stemmed by core's lightStem) and word pieces. */
const variant = (): Pipeline =>
  lexicalWith(
    bm25({ stopwords }),
    tfidf({ stopwords }),
    tfidf({ id: 'pieces', tokenizer: wordPieces(4, stopwords), maxQueryTerms: maxPieceTerms }),
  );

const demo = await variant().index(sampleTools);
console.log(`demo, keeping ${kept.join(', ')}:`);
for (const query of sampleQueries) {
  const { picks } = await demo.select(query, { limit: 3 });
  const shown = picks.map((pick) => `${pick.name} ${pick.score.toFixed(2)}`).join(' | ');
  console.log(`  ${query}: ${shown || 'no tool matched'}`);
}

for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const base = (await queryScores(lexical({ maxTokens: false }), dataset)).ndcg;
  const ndcg = (await queryScores(variant(), dataset)).ndcg;
  const changed = ndcg.filter((v, i) => v !== base[i]).length;
  console.log(
    `${set}: keeping ${kept.join(', ')} − lexical() ${percent(pairedBootstrap(ndcg, base))} points of nDCG@10; ${changed} queries change`,
  );
}
