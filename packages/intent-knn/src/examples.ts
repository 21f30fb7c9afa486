import { InvalidArgumentError } from '@shortlist/core';
import type { IntentExample } from './intent-options.js';

/** Identifies an example: the same query labelled with the same tool counts once. */
export const exampleKey = (example: IntentExample): string =>
  `${example.tool}\u0000${example.query}`;

/** A short description of a bad example; never throws (BigInts, cycles). */
function shown(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 200);
  } catch {
    return typeof value;
  }
}

/** Checks each example is `{ query, tool }` with non-empty strings; returns copies. */
export function checkExamples(examples: unknown, argument: string): IntentExample[] {
  if (!Array.isArray(examples)) {
    throw new InvalidArgumentError({
      argument,
      expected: 'an array of { query, tool }',
      message: `${argument} must be an array of { query, tool } examples, got ${typeof examples}`,
    });
  }
  // An index loop, not map(): a sparse array's holes are examples too (undefined, an error).
  return Array.from(examples as unknown[], (example: unknown, i) => {
    const { query, tool } = (example ?? {}) as { query?: unknown; tool?: unknown };
    if (
      typeof query !== 'string' ||
      query.trim() === '' ||
      typeof tool !== 'string' ||
      tool === ''
    ) {
      throw new InvalidArgumentError({
        argument: `${argument}[${i}]`,
        expected: '{ query: non-empty string, tool: tool name }',
        message: `${argument}[${i}] must be { query, tool } with a non-empty query and tool name, got ${shown(example)}`,
      });
    }
    return { query, tool };
  });
}

/**
 * Throws `InvalidArgumentError` naming the first few tools that examples refer to but the
 * catalogue lacks (usually a typo or a tool that was renamed).
 */
export function checkToolsKnown(
  examples: readonly IntentExample[],
  known: ReadonlySet<string>,
  argument: string,
): void {
  const unknown = [...new Set(examples.map((example) => example.tool))].filter(
    (tool) => !known.has(tool),
  );
  if (unknown.length === 0) return;
  const shown = unknown
    .slice(0, 5)
    .map((tool) => JSON.stringify(tool))
    .join(', ');
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
  throw new InvalidArgumentError({
    argument,
    expected: 'examples naming tools of the catalogue',
    message: `intent(): ${unknown.length} example tool name(s) are not in the catalogue: ${shown}${more}; fix the names or add the tools`,
  });
}
