import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { type Pipeline, pipe } from '@shortlist/core';
import { lexicalDefaultFusion } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';

/** Token budget `search_tools` packs its answer into when none is given. */
export const defaultSearchBudget = 4000;

/**
 * The gateway's pipeline when none is given: the CLI's lexical default (no key, no network).
 * The one place it is built, so it can become core's named `lexical()` in one line.
 */
export function defaultGatewayPipeline(
  options: { budget?: number; model?: string } = {},
): Pipeline {
  return pipe(bm25(), tfidf())
    .fuse(lexicalDefaultFusion())
    .pack(budget(options.budget ?? defaultSearchBudget, { model: options.model ?? 'gpt-4o' }));
}
