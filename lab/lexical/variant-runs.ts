/**
 * What the experiments on `lexical()`'s rules share: the CLI demo's sample catalogue and requests,
 * `lexical()` with some of its rankers swapped, and per-query scores of a pipeline on a shared set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Pipeline, pipe, type RankerV1, type Tool, toTools } from '@shortlist/core';
import { type Dataset, hitAt, ndcgAt } from '@shortlist/eval';
import { lexicalFusion, lexicalRankers, withAbstention } from '@shortlist/lexical';
import { repoRoot } from '../benchmarks.mjs';

const sampleData = join(repoRoot, 'packages/cli/data');

/** The catalogue the CLI demo picks from. */
export const sampleTools: Tool[] = toTools(
  JSON.parse(readFileSync(join(sampleData, 'sample-tools.json'), 'utf8')),
);

/** The demo's sample requests. */
export const sampleQueries: string[] = JSON.parse(
  readFileSync(join(sampleData, 'sample-queries.json'), 'utf8'),
);

/** `lexical()` (no budget) with each ranker of `swapped` in place of its own of the same id. */
export function lexicalWith(...swapped: RankerV1[]): Pipeline {
  const byId = new Map(swapped.map((ranker) => [ranker.id, ranker]));
  const rankers = lexicalRankers().map((ranker) => byId.get(ranker.id) ?? ranker);
  return pipe(...rankers).fuse(withAbstention(lexicalFusion()));
}

/** Per-query nDCG@10 and hit@1 of `pipeline`'s first 10 picks on `dataset`. */
export async function queryScores(
  pipeline: Pipeline,
  dataset: Dataset,
): Promise<{ ndcg: Float64Array; hit: Float64Array }> {
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
}
