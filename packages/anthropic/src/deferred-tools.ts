import type { ToolUnion } from '@anthropic-ai/sdk/resources/messages';

/** The Messages API's cap on deferred tools in one request. */
export const MAX_DEFERRED_TOOLS = 10_000;

const marked = new WeakMap<object, ToolUnion>();

/**
 * The tool with `defer_loading: true`: a shallow copy (the user's object is never changed),
 * made once per tool so every request sends the same objects and prompt caches hold.
 */
export function deferred(tool: ToolUnion): ToolUnion {
  if ((tool as { defer_loading?: unknown }).defer_loading === true) return tool;
  let copy = marked.get(tool);
  if (!copy) {
    copy = { ...tool, defer_loading: true } as ToolUnion;
    marked.set(tool, copy);
  }
  return copy;
}
