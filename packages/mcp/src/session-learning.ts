import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_EXAMPLE_QUERY_LENGTH } from '@shortlist/core/kit';
import type { Gateway } from './gateway.js';

/** What one downstream session teaches: which query offered each tool, and which calls it taught. */
export interface SessionLearning {
  /** A search for `query` (or the filter query) offered these tools to this session. */
  offered(query: string, tools: readonly { readonly name: string }[]): void;
  /** A batched search offered each of these tools for the needs that found it. */
  offeredForNeeds(
    found: readonly { readonly name: string; readonly needs: readonly string[] }[],
  ): void;
  /** A call of `tool` succeeded with `result`: records the query that last offered it, once. */
  called(tool: string, result: CallToolResult): void;
}

/** A query as an example holds it: its first `MAX_EXAMPLE_QUERY_LENGTH` units, whole characters. */
function exampleQuery(query: string): string {
  if (query.length <= MAX_EXAMPLE_QUERY_LENGTH) return query;
  const cut = query.slice(0, MAX_EXAMPLE_QUERY_LENGTH);
  // Do not leave half of a surrogate pair at the end.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Learning for one MCP session: a call of a tool this session's search (or filter query)
 * offered records `{ query, tool }` once per query (for a batched search, each need that found
 * it); a call of a tool never offered records nothing.
 */
export function sessionLearning(gateway: Gateway): SessionLearning {
  /** Each offered tool's most recent offering queries (needs), already cut to example length. */
  const offeredBy = new Map<string, readonly string[]>();
  const offer = (tool: string, queries: readonly string[]) => {
    const kept = [...new Set(queries.map(exampleQuery))].filter((query) => query.trim() !== '');
    // A query blank in its first part is no example; an older search did not offer this time.
    if (kept.length === 0) offeredBy.delete(tool);
    else offeredBy.set(tool, kept);
  };
  const recorded = new Set<string>();
  return {
    offered(query, tools) {
      for (const tool of tools) offer(tool.name, [query]);
    },
    offeredForNeeds(found) {
      for (const tool of found) offer(tool.name, tool.needs);
    },
    called(tool, result) {
      // A failed call is weak evidence either way (bad arguments, a down service): record nothing.
      if (result.isError === true) return;
      for (const query of offeredBy.get(tool) ?? []) {
        const key = JSON.stringify([tool, query]);
        if (recorded.has(key)) continue;
        recorded.add(key);
        gateway.record({ query, tool });
      }
    },
  };
}
