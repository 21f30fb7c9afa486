import { budget } from '@shortlist/budget';
import { InvalidArgumentError, memoryExampleStore, type Pipeline, pipe } from '@shortlist/core';
import { learned } from '@shortlist/learn';
import { withAbstention } from './abstention.js';
import { exactFirstLearner } from './exact-first.js';
import { lexicalFusion, lexicalRankers, lexicalWeighting } from './lexical-fusion.js';
import type { LexicalOptions } from './lexical-options.js';

/** Tokens the picks are packed into when `maxTokens` is not given. */
export const defaultMaxTokens = 4000;

/**
 * Shortlist's default pipeline, offline and keyless: six lexical rankers (bm25, tfidf, word
 * pairs, word pieces, names, the request's opening) fused by `lexicalFusion()`, then what it learnt
 * from use (in memory unless given `examples`, off with `examples: false`), packed into a token budget; it answers "no tool matched" (`Selection.abstained`)
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
  if (
    examples !== undefined &&
    examples !== false &&
    (typeof examples !== 'object' || examples === null)
  ) {
    throw new InvalidArgumentError({
      argument: 'lexical(options.examples)',
      expected: 'an example store, or false',
      message: `lexical(): examples must be an example store (memoryExampleStore(), fileExampleStore(path), redisExampleStore()) or false to learn nothing, got ${String(examples)}`,
    });
  }
  const fused =
    examples === false
      ? pipe(...lexicalRankers()).fuse(withAbstention(lexicalFusion()))
      : pipe(...lexicalRankers())
          .fuse(withAbstention(lexicalWeighting()))
          // Learning blends the weighted ranking; a tool the request names stays first.
          .learn(exactFirstLearner(learned({ store: examples ?? memoryExampleStore() }), 'exact'));
  return maxTokens === false ? fused : fused.pack(budget(maxTokens, { model }));
}
