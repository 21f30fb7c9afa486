import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { checkNeeds, MAX_NEEDS, needsSchema } from '@shortlist/core/adapter';

/** The search tool's name unless `searchToolName` says otherwise. */
export const DEFAULT_SEARCH_TOOL_NAME = 'search_tools';

/**
 * The custom tool the model calls to search the catalogue. Its description never names the
 * catalogue's size or contents, so it stays identical (and prompt-cached) as tools come and go.
 */
export function searchToolDefinition(name: string, maxResults: number): Tool {
  return {
    name,
    description:
      'Searches the catalogue of tools that are not loaded yet and loads the best matches, which you can then call. ' +
      'Describe the capability you need in plain words (what it does, not a guessed tool name). ' +
      'Search again with other words if nothing fits.',
    input_schema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What the tool you need should do.' },
        queries: needsSchema(
          `Instead of query, when the task needs several tools: what each should do, 1 to ${MAX_NEEDS}. One search loads tools for every need.`,
        ),
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: maxResults,
          description: `Most tools to load (default and maximum ${maxResults}), for each need with queries.`,
        },
      },
    },
  };
}

/** The search request the model wrote, or why it cannot be run (told back to the model). */
export type SearchInput =
  | {
      readonly ok: true;
      /** The query; for a batched search, its needs joined with "; ". */
      readonly query: string;
      /** A batched search's needs. */
      readonly queries?: readonly string[];
      readonly limit: number;
    }
  | { readonly ok: false; readonly problem: string };

/** Reads the model's search input; a malformed one is the model's mistake, answered as a tool error. */
export function readSearchInput(input: unknown, maxResults: number): SearchInput {
  const fields =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const { limit } = fields;
  let queries: string[] | undefined;
  if (fields.queries !== undefined && fields.queries !== null) {
    try {
      queries = checkNeeds(fields.queries, '"queries"');
    } catch (error) {
      return { ok: false, problem: `${(error as Error).message}.` };
    }
  }
  const query = queries ? queries.join('; ') : fields.query;
  if (typeof query !== 'string' || query.trim() === '') {
    return {
      ok: false,
      problem:
        'The search needs a non-empty "query" string describing the tool you need (or "queries", one per need).',
    };
  }
  const batch = queries ? { queries } : {};
  if (limit === undefined || limit === null)
    return { ok: true, query, ...batch, limit: maxResults };
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    return { ok: false, problem: `"limit" must be a whole number from 1 to ${maxResults}.` };
  }
  return { ok: true, query, ...batch, limit: Math.min(limit, maxResults) };
}
