import { MAX_NEEDS, needsSchema } from '@shortlist/core/adapter';

/** The parameters the model fills in when it searches: one plain-language query, or several needs. */
export const searchParameters = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description:
        'What the tool you need should do, in a few plain words (e.g. "scan code for leaked secrets")',
    },
    queries: needsSchema(
      `Instead of query, when the task needs several tools: what each should do, 1 to ${MAX_NEEDS}; one search finds tools for every need`,
    ),
  },
  additionalProperties: false,
} as const;

/**
 * The needs of a batched tool search (`{ queries: [...] }`, a JSON string or an object):
 * `undefined` when the model sent no usable list, so its `query` is read instead.
 */
export function searchNeedsOf(args: unknown): string[] | undefined {
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  const queries = (value as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(queries)) return undefined;
  const needs = queries
    .filter((need): need is string => typeof need === 'string' && need.trim() !== '')
    .slice(0, MAX_NEEDS);
  return needs.length > 0 ? needs : undefined;
}

/** Shown to the model so it knows to search before calling a tool it has not seen. */
export const searchDescription =
  'Search the catalogue of available tools by what they do. Call it before calling a tool you have not been given; the tools it finds become callable.';

/**
 * The query in a tool search call's arguments: `{ query }` (a JSON string or an object), or the
 * built-in `{ paths }` schema's names joined. `undefined` when the model sent neither.
 */
export function searchQueryOf(args: unknown): string | undefined {
  let value = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      return args.trim() === '' ? undefined : args;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { query, paths } = value as { query?: unknown; paths?: unknown };
  if (typeof query === 'string' && query.trim() !== '') return query;
  if (Array.isArray(paths)) {
    const words = paths.filter((path): path is string => typeof path === 'string').join(' ');
    return words.trim() === '' ? undefined : words;
  }
  return undefined;
}
