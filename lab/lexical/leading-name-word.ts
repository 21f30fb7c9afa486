/**
 * Experiment (not shipped): a request that opens with an imperative whose first word is a word of
 * a tool's name ("email the quarterly report to finance", `email_send`) favours that tool. The
 * ranker `lead` gives score 1 to every tool whose name has the request's first word (stemmed,
 * action verbs folded; `first`: only the name's first word, its namespace), and lexicalFusion()'s
 * weights get `lead` at each weight asked. Prints the demo's first picks, then nDCG@10 against
 * lexical() on each shared set, paired.
 * Run: pnpm lab lab/lexical/leading-name-word.ts [any|first] [WEIGHT...]   (defaults: any 0.5 2)
 */
import { type Pipeline, pipe, type RankerV1, type Tool } from '@shortlist/core';
import { englishStopwords, splitWords } from '@shortlist/core/kit';
import { loadDataset, pairedBootstrap } from '@shortlist/eval';
import { weighted } from '@shortlist/fusion';
import { lexical, lexicalFusion, lexicalRankers, withAbstention } from '@shortlist/lexical';
import { canonicalWord } from '../../packages/lexical/src/action-verbs.js';
import { exactFirst } from '../../packages/lexical/src/exact-first.js';
import { benchmarksDir } from '../benchmarks.mjs';
import { percent } from '../ranking-scores.js';
import { folders } from './ranker-runs.js';
import { queryScores, sampleQueries, sampleTools } from './variant-runs.js';

const [mode = 'any', ...asked] = process.argv.slice(2);
if (mode !== 'any' && mode !== 'first') throw new Error(`mode must be any or first, got ${mode}`);
const weights = asked.length > 0 ? asked.map(Number) : [0.5, 2];

/** The request's first word, as requestOpening() reads it: after "please", a plain non-stopword. */
function leadingWord(query: string): string | undefined {
  const words = splitWords(query.slice(0, 200));
  const head = words[words[0] === 'please' ? 1 : 0];
  if (head === undefined || englishStopwords.has(head) || !/^[a-z]+$/.test(head)) return undefined;
  return canonicalWord(head, true);
}

function leadingNameWord(): RankerV1 {
  return {
    specificationVersion: 'v1',
    id: 'lead',
    async doIndex(tools: readonly Tool[]) {
      const byWord = new Map<string, string[]>();
      for (const tool of tools) {
        const words = splitWords(tool.name).filter((word) => !englishStopwords.has(word));
        const kept = mode === 'first' ? words.slice(0, 1) : words;
        for (const word of new Set(kept.map((w) => canonicalWord(w, true)))) {
          const names = byWord.get(word);
          if (names) names.push(tool.name);
          else byWord.set(word, [tool.name]);
        }
      }
      return {
        size: tools.length,
        doRank(query, options) {
          const word = options.limit > 0 ? leadingWord(query) : undefined;
          const names = word === undefined ? [] : (byWord.get(word) ?? []);
          return names
            .filter((name) => !options.only || options.only.has(name))
            .map((name) => ({ name, score: 1 }));
        },
      };
    },
  };
}

const withLead = (weight: number): Pipeline =>
  pipe(...lexicalRankers(), leadingNameWord()).fuse(
    withAbstention(
      exactFirst(
        weighted({
          normalize: 'zscore',
          head: 40,
          weights: { ...lexicalFusion().config.weights, lead: weight },
        }),
        'exact',
      ),
    ),
  );

const firstPick = async (pipeline: Pipeline) => {
  const picker = await pipeline.index(sampleTools);
  const picks: string[] = [];
  for (const query of sampleQueries) picks.push((await picker.select(query)).picks[0]?.name ?? '-');
  return picks;
};
const base = await firstPick(lexical({ maxTokens: false }));
for (const weight of weights) {
  const picks = await firstPick(withLead(weight));
  console.log(`\ndemo, lead (${mode}) at ${weight}: first picks that change`);
  sampleQueries.forEach((query, i) => {
    if (picks[i] !== base[i]) console.log(`  ${query}: ${base[i]} -> ${picks[i]}`);
  });
}

for (const set of folders) {
  const dataset = await loadDataset(`${benchmarksDir}/${set}`);
  const without = (await queryScores(lexical({ maxTokens: false }), dataset)).ndcg;
  for (const weight of weights) {
    const { ndcg } = await queryScores(withLead(weight), dataset);
    const changed = ndcg.filter((v, i) => v !== without[i]).length;
    console.log(
      `${set}: lead (${mode}) at ${weight} − lexical() ${percent(pairedBootstrap(ndcg, without))} points of nDCG@10; ${changed} queries change`,
    );
  }
}
