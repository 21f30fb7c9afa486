import type { Tool } from '@shortlist/core';
import { toolFieldNames, toolFields } from '@shortlist/core/kit';

/** The Orama schema: one searchable string property per core tool field. */
export const toolSchema = Object.fromEntries(toolFieldNames.map((field) => [field, 'string'])) as {
  readonly [K in (typeof toolFieldNames)[number]]: 'string';
};

/** The document Orama indexes for a tool: the text of each of its searchable fields. */
export function toolDocument(tool: Tool): Record<string, string> {
  return { ...toolFields(tool) };
}
