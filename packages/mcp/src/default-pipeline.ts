import type { ExampleStore, Pipeline } from '@shortlist/core';
import { defaultMaxTokens, lexical } from '@shortlist/lexical';

/** Token budget `search_tools` packs its answer into when none is given. */
export const defaultSearchBudget = defaultMaxTokens;

/**
 * The gateway's pipeline when none is given: Shortlist's offline default, `lexical()`, learning
 * into `examples` when given (the gateway passes the store its calls teach), else learning nothing.
 */
export function defaultGatewayPipeline(
  options: { budget?: number; model?: string; examples?: ExampleStore | false } = {},
): Pipeline {
  return lexical({
    maxTokens: options.budget ?? defaultSearchBudget,
    model: options.model ?? 'gpt-4o',
    examples: options.examples ?? false,
  });
}
