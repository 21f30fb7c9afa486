import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { ExampleStore } from '../learning/example-store.js';
import { memoryExampleStore } from '../learning/memory-example-store.js';

/** The learning options of an adapter that builds its default pipeline itself. */
export interface AdapterLearningOptions {
  /** The user's own pipeline, which learns or not as they built it. */
  readonly pipeline?: unknown;
  /** Where the default pipeline keeps what it learns. @default memoryExampleStore() */
  readonly examples?: ExampleStore;
  /** `false` learns nothing. @default true */
  readonly learn?: boolean;
}

/**
 * The store an adapter's default pipeline learns into (`lexical({ examples })`): the user's, else
 * a fresh memory store, so an adapter learns with no configuration; `false` (learn nothing) with
 * `learn: false` or with the user's own pipeline. `at` names the adapter's factory in errors.
 */
export function defaultExamples(options: AdapterLearningOptions, at: string): ExampleStore | false {
  if (options.pipeline !== undefined && options.examples !== undefined) {
    throw new InvalidArgumentError({
      argument: `${at}(options.examples)`,
      expected: 'examples or a pipeline, not both',
      message: `${at}(): examples only feed the default pipeline; pass them to your own pipeline (lexical({ examples })) and drop options.examples`,
    });
  }
  if (options.learn === false && options.examples !== undefined) {
    throw new InvalidArgumentError({
      argument: `${at}(options.learn)`,
      expected: 'examples or learn: false, not both',
      message: `${at}(): learn: false learns nothing, so options.examples would never be read; drop one of them`,
    });
  }
  if (options.learn === false || options.pipeline !== undefined) return false;
  return options.examples ?? memoryExampleStore();
}
