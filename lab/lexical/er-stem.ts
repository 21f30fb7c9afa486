/**
 * How `lexical()`'s "-er" rule was measured (packages/lexical README, Stemming): `lexical()`, whose
 * tfidf and word pairs stem with `lexicalStem` (core's lightStem plus Porter's "-er" rule), against
 * the same pipeline with lightStem alone. Prints the demo's first picks that change, then nDCG@10
 * and hit@1 on each shared set, paired. Run: pnpm lab lab/lexical/er-stem.ts
 */
import { budget } from '@shortlist/budget';
import type { Pipeline } from '@shortlist/core';
import { createTokenizer, type Tokenizer } from '@shortlist/core/kit';
import { loadDataset, pairedBootstrap } from '@shortlist/eval';
import { lexical } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';
import { lexicalWith, queryScores, sampleQueries, sampleTools } from './variant-runs.js';

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
  lexicalWith(tfidf(), tfidf({ id: 'bigrams', tokenizer: lightBigrams() }));

const withRule = await lexical({ maxTokens: false }).index(sampleTools);
const without = await before().index(sampleTools);
console.log('demo, first picks that the "-er" rule changes:');
for (const query of sampleQueries) {
  const [was, is] = await Promise.all(
    [without, withRule].map(async (picker) => (await picker.select(query)).picks[0]?.name ?? '-'),
  );
  if (was !== is) console.log(`  ${query}: ${was} -> ${is}`);
}

for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const base = await queryScores(before().pack(budget(4000, { model: 'gpt-4o' })), dataset);
  const rule = await queryScores(lexical(), dataset);
  const changed = rule.ndcg.filter((v, i) => v !== base.ndcg[i]).length;
  console.log(
    `${set}: lexical() − lexical() before the "-er" rule: nDCG@10 ${percent(pairedBootstrap(rule.ndcg, base.ndcg))}, hit@1 ${percent(pairedBootstrap(rule.hit, base.hit))} points; ${changed} queries change`,
  );
}
