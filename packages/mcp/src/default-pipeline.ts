import type { Pipeline } from '@shortlist/core';
import { defaultMaxTokens, lexical } from '@shortlist/lexical';

/** Token budget `search_tools` packs its answer into when none is given. */
export const defaultSearchBudget = defaultMaxTokens;

/** The gateway's pipeline when none is given: Shortlist's offline default, `lexical()`. */
export function defaultGatewayPipeline(
  options: { budget?: number; model?: string } = {},
): Pipeline {
  return lexical({
    maxTokens: options.budget ?? defaultSearchBudget,
    model: options.model ?? 'gpt-4o',
  });
}
