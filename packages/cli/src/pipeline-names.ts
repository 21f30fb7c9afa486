/**
 * The named pipelines of the CLI, in one place so the default can be changed in one line.
 * `lexical` is the embedded default: no key, no network.
 */
export const pipelineNames = ['lexical', 'bm25', 'tfidf', 'orama', 'semantic', 'hybrid'] as const;

/** One of `pipelineNames`. */
export type PipelineName = (typeof pipelineNames)[number];

/** The pipeline `select`, `demo` and `eval` use when none is named. */
export const defaultPipeline: PipelineName = 'lexical';

/** Pipelines that need neither a key nor the network; `report` evaluates these. */
export const offlinePipelines: readonly PipelineName[] = ['lexical', 'bm25', 'tfidf', 'orama'];

/**
 * Token budget of the packing pipelines (`lexical`, `hybrid`) when `--budget` is not given:
 * lexical's `defaultMaxTokens`, written out so help loads no ranker (a test keeps them equal).
 */
export const defaultBudget: number = 4000;

/** Model whose tokenizer the budget counts with when `--model` is not given. */
export const defaultModel = 'gpt-4o';

/** True for a string that names a pipeline of `pipelineNames`. */
export function isPipelineName(value: string): value is PipelineName {
  return (pipelineNames as readonly string[]).includes(value);
}
