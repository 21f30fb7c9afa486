import type { AnthropicTool } from './anthropic-tool.js';

/** The Messages API's cap on deferred tools in one request. */
export const MAX_DEFERRED_TOOLS = 10_000;

const marked = new WeakMap<object, AnthropicTool>();

/**
 * The tool with `defer_loading: true`: a shallow copy (the user's object is never changed),
 * made once per tool so every request sends the same objects and prompt caches hold.
 */
export function deferred(tool: AnthropicTool): AnthropicTool {
  if ((tool as { defer_loading?: unknown }).defer_loading === true) return tool;
  let copy = marked.get(tool);
  if (!copy) {
    copy = { ...tool, defer_loading: true } as AnthropicTool;
    marked.set(tool, copy);
  }
  return copy;
}
