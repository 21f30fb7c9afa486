import { budget } from '@shortlist/budget';
import { InvalidArgumentError, type Pipeline, pipe } from '@shortlist/core';
import { learned } from '@shortlist/learn';
import { withAbstention } from './abstention.js';
import { exactFirstLearner } from './exact-first.js';
import { lexicalFusion, lexicalRankers, lexicalWeighting } from './lexical-fusion.js';
import type { LexicalOptions } from './lexical-options.js';

/** Tokens the picks are packed into when `maxTokens` is not given. */
export const defaultMaxTokens = 4000;

/**
 * Shortlist's default pipeline, offline and keyless: six lexical rankers (bm25, tfidf, word
 * pairs, word pieces, names, the request's opening) fused by `lexicalFusion()`, plus what it learnt from use when given
 * `examples`, packed into a token budget; it answers "no tool matched" (`Selection.abstained`)
 * when no tool's words come close to the request's. The CLI's `lexical` pipeline is this one.
 */
export function lexical(options: LexicalOptions = {}): Pipeline {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError({
      argument: 'lexical(options)',
      expected: 'an options object or nothing',
      message: `lexical(): options must be an object, got ${String(options)}`,
    });
  }
  const { maxTokens = defaultMaxTokens, model = 'gpt-4o', examples } = options;
  if (maxTokens !== false && (!Number.isSafeInteger(maxTokens) || maxTokens < 1)) {
    throw new InvalidArgumentError({
      argument: 'lexical(options.maxTokens)',
      expected: 'a positive integer or false',
      message: `lexical(): maxTokens must be a positive integer (a token budget) or false (no packing), got ${String(maxTokens)}`,
    });
  }
  const fused =
    examples === undefined
      ? pipe(...lexicalRankers()).fuse(withAbstention(lexicalFusion()))
      : pipe(...lexicalRankers())
          .fuse(withAbstention(lexicalWeighting()))
          // Learning blends the weighted ranking; a tool the request names stays first.
          .learn(exactFirstLearner(learned({ store: examples }), 'exact'));
  return maxTokens === false ? fused : fused.pack(budget(maxTokens, { model }));
}
