import { checkNeeds, MAX_NEEDS } from '@shortlist/core/adapter';
import { jsonSchema, type Schema } from 'ai';

/** What `withToolSearch()`'s tool tells the model, `queries` included. */
export function searchToolDescription(maxResults: number): string {
  return `Search for tools matching a query; for a task that needs several tools, pass each need in queries and one search finds tools for all of them. Returns up to ${maxResults} matching tools for each. Matches become available on the next model step, after this execution finishes. Wait for their tool definitions before calling the discovered tools. If none comes back, no tool fits: answer without a tool or ask the user, rather than searching again.`;
}

/**
 * The search tool's input: `{ query }` as the SDK's `toolSearch` takes it, or `{ queries }`
 * (1 to `MAX_NEEDS` needs), which `encode` turns into the one query string the SDK passes on.
 */
export function batchedSearchSchema(
  encode: (needs: readonly string[]) => string,
): Schema<{ query: string }> {
  return jsonSchema<{ query: string }>(
    {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1 },
        queries: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          minItems: 1,
          maxItems: MAX_NEEDS,
          description: `Instead of query: 1 to ${MAX_NEEDS} needs, one tool each`,
        },
      },
      additionalProperties: false,
    },
    {
      validate: (value) => {
        const input = (typeof value === 'object' && value !== null ? value : {}) as {
          query?: unknown;
          queries?: unknown;
        };
        if (input.queries !== undefined) {
          try {
            return {
              success: true,
              value: { query: encode(checkNeeds(input.queries, 'queries')) },
            };
          } catch (error) {
            return { success: false, error: error as Error };
          }
        }
        if (typeof input.query === 'string' && input.query.trim() !== '') {
          return { success: true, value: { query: input.query } };
        }
        return {
          success: false,
          error: new Error(
            'the search needs "query", a non-empty string, or "queries", a list of them',
          ),
        };
      },
    },
  );
}
