/**
 * How `lexical()`'s "-er" rule was measured (packages/lexical README, Stemming): `lexical()`, whose
 * tfidf and word pairs stem with `lexicalStem` (core's lightStem plus Porter's "-er" rule), against
 * the same pipeline with lightStem alone. Prints the demo's first picks that change, then nDCG@10
 * and hit@1 on each shared set, paired. Run: pnpm lab lab/lexical/er-stem.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { type Pipeline, pipe, toTools } from '@shortlist/core';
import { createTokenizer, type Tokenizer } from '@shortlist/core/kit';
import { hitAt, loadDataset, ndcgAt, pairedBootstrap } from '@shortlist/eval';
import {
  exactNames,
  lexical,
  lexicalFusion,
  maxPieceTerms,
  nameMatch,
  openingMatch,
  withAbstention,
  wordPieces,
} from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir, repoRoot } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';

/** wordBigrams() as it was before lexicalStem: core's default words plus each adjacent pair. */
function lightBigrams(): Tokenizer {
  const words = createTokenizer();
  return (text) => {
    const terms = words(text);
    const count = terms.length;
    for (let i = 1; i < count; i++) terms.push(`${terms[i - 1]}_${terms[i]}`);
    return terms;
  };
}

/** lexical() before the "-er" rule: tfidf and word pairs with core's lightStem. */
const before = (): Pipeline =>
  pipe(
    bm25(),
    tfidf(),
    tfidf({ id: 'bigrams', tokenizer: lightBigrams() }),
    tfidf({ id: 'pieces', tokenizer: wordPieces(4), maxQueryTerms: maxPieceTerms }),
    nameMatch({ minCoverage: 0.5, exactNames: false }),
    openingMatch(),
    exactNames(),
  ).fuse(withAbstention(lexicalFusion()));

const data = join(repoRoot, 'packages/cli/data');
const tools = toTools(JSON.parse(readFileSync(join(data, 'sample-tools.json'), 'utf8')));
const queries: string[] = JSON.parse(readFileSync(join(data, 'sample-queries.json'), 'utf8'));
const withRule = await lexical({ maxTokens: false }).index(tools);
const without = await before().index(tools);
console.log('demo, first picks that the "-er" rule changes:');
for (const query of queries) {
  const [was, is] = await Promise.all(
    [without, withRule].map(async (picker) => (await picker.select(query)).picks[0]?.name ?? '-'),
  );
  if (was !== is) console.log(`  ${query}: ${was} -> ${is}`);
}

for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const scores = async (pipeline: Pipeline) => {
    const picker = await pipeline.index(dataset.tools);
    const ndcg = new Float64Array(dataset.queries.length);
    const hit = new Float64Array(dataset.queries.length);
    for (const [i, query] of dataset.queries.entries()) {
      const { picks } = await picker.select(query.query, { limit: 10 });
      const names = picks.map((pick) => pick.name);
      ndcg[i] = ndcgAt(names, new Set(query.relevant), 10);
      hit[i] = hitAt(names, new Set(query.relevant), 1);
    }
    return { ndcg, hit };
  };
  const base = await scores(before().pack(budget(4000, { model: 'gpt-4o' })));
  const rule = await scores(lexical());
  const changed = rule.ndcg.filter((v, i) => v !== base.ndcg[i]).length;
  console.log(
    `${set}: lexical() − lexical() before the "-er" rule: nDCG@10 ${percent(pairedBootstrap(rule.ndcg, base.ndcg))}, hit@1 ${percent(pairedBootstrap(rule.hit, base.hit))} points; ${changed} queries change`,
  );
}
