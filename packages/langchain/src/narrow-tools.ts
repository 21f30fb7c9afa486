import type { ClientTool, ServerTool } from '@langchain/core/tools';
import type { Picker } from '@shortlist/core';

type RequestTool = ClientTool | ServerTool;

const nameOf = (tool: RequestTool): string | undefined => {
  const name = (tool as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
};

/** Names of the request's tools that are in the picker's catalogue. */
export function catalogueNames(tools: readonly RequestTool[], picker: Picker): Set<string> {
  const names = new Set<string>();
  for (const tool of tools) {
    const name = nameOf(tool);
    if (name !== undefined && picker.get(name)) names.add(name);
  }
  return names;
}

/**
 * The request's tools narrowed to the offered names, in offer order, then every tool the
 * catalogue does not hold (provider tools, other middleware's tools), untouched. The request's
 * own tool objects are handed back: LangChain rejects a tool replaced by another instance.
 */
export function narrowTools(
  tools: readonly RequestTool[],
  picker: Picker,
  offered: readonly string[],
): RequestTool[] {
  const catalogue = new Map<string, RequestTool>();
  const passThrough: RequestTool[] = [];
  for (const tool of tools) {
    const name = nameOf(tool);
    if (name !== undefined && picker.get(name)) catalogue.set(name, tool);
    else passThrough.push(tool);
  }
  const kept: RequestTool[] = [];
  for (const name of offered) {
    const tool = catalogue.get(name);
    if (tool !== undefined) kept.push(tool);
  }
  return [...kept, ...passThrough];
}
