/**
 * Writes every ranker's depth-40 ranking of every query of the shared sets to JSON, so fusion
 * experiments can be scored in seconds instead of re-ranking. Run:
 * node scripts/dist/dump-runs.js OUT_DIR [ranker ids...]
 */
import { writeFileSync } from 'node:fs';
import { bm25 } from '@shortlist/bm25';
import { createTokenizer, englishStopwords, type RankerV1, splitWords } from '@shortlist/core';
import { nameMatch } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { folders, rankerRuns } from './ranker-runs.js';

const out = process.argv[2] ?? '/tmp/lexical-runs';
const available: Record<string, () => RankerV1> = {
  bm25: () => bm25(),
  tfidf: () => tfidf(),
  name: () => nameMatch({ minCoverage: 0.5 }),
  name0: () => nameMatch({ id: 'name0', minCoverage: 0 }),
  bm25s: () => bm25({ id: 'bm25s', tokenizer: createTokenizer() }),
  tfidfraw: () => tfidf({ id: 'tfidfraw', sublinearTf: false }),
};
const stop = new Set(englishStopwords);
/** Words, stopwords dropped, each marked `<word>` and cut into character n-grams of length n. */
const charGrams =
  (n: number) =>
  (text: string): string[] => {
    const out: string[] = [];
    for (const word of splitWords(text)) {
      if (stop.has(word)) continue;
      const marked = `<${word}>`;
      if (marked.length <= n) out.push(marked);
      else for (let i = 0; i + n <= marked.length; i++) out.push(marked.slice(i, i + n));
    }
    return out;
  };
const stemmed = createTokenizer();
/** Stemmed words and the bigrams of adjacent ones. */
const bigrams = (text: string): string[] => {
  const words = stemmed(text);
  const out = [...words];
  for (let i = 1; i < words.length; i++) out.push(`${words[i - 1]}_${words[i]}`);
  return out;
};
available.chars3 = () => tfidf({ id: 'chars3', tokenizer: charGrams(3) });
available.chars4 = () => tfidf({ id: 'chars4', tokenizer: charGrams(4) });
available.chars5 = () => tfidf({ id: 'chars5', tokenizer: charGrams(5) });
const nameOnly = {
  description: 0,
  parameterNames: 0,
  parameterDescriptions: 0,
  enumValues: 0,
  tags: 0,
};
available.nchars3 = () => tfidf({ id: 'nchars3', tokenizer: charGrams(3), fieldWeights: nameOnly });
available.nchars4 = () => tfidf({ id: 'nchars4', tokenizer: charGrams(4), fieldWeights: nameOnly });
available.dchars4 = () =>
  tfidf({
    id: 'dchars4',
    tokenizer: charGrams(4),
    fieldWeights: { parameterDescriptions: 0, enumValues: 0 },
  });
for (const cap of [8, 12, 16, 24, 32]) {
  available[`pieces${cap}`] = () =>
    tfidf({ id: `pieces${cap}`, tokenizer: charGrams(4), maxQueryTerms: cap });
}
available.bigram = () => tfidf({ id: 'bigram', tokenizer: bigrams });
available.tfidfn3 = () => tfidf({ id: 'tfidfn3', fieldWeights: { name: 3, title: 3 } });
const ids = process.argv.slice(3).length > 0 ? process.argv.slice(3) : Object.keys(available);
for (const name of folders) {
  const started = Date.now();
  const runs = await rankerRuns(
    name,
    ids.map((id) => available[id]!()),
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
