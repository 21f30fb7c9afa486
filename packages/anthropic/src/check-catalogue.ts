import { InvalidArgumentError, type Picker, type Tool } from '@shortlist/core';
import type { AnthropicTool } from './anthropic-tool.js';

/**
 * Tools handed back to `messages.create` must be Anthropic definitions: custom tools
 * (`input_schema`) or server tools (a versioned `type`). Anything else would fail at the API.
 */
export function checkAnthropicTool(tool: Tool<unknown>): Tool<AnthropicTool> {
  const original = tool.original as { type?: unknown } | null;
  const serverTool =
    tool.format === 'plain' &&
    typeof original === 'object' &&
    original !== null &&
    typeof original.type === 'string';
  if (tool.format !== 'anthropic' && !serverTool) {
    throw new InvalidArgumentError({
      argument: `tools "${tool.name}"`,
      expected: 'an Anthropic tool definition ({ name, description, input_schema }) or server tool',
      message: `tool "${tool.name}" was indexed in ${tool.format} format, but messages.create needs Anthropic definitions; index { name, description, input_schema } objects`,
    });
  }
  return tool as Tool<AnthropicTool>;
}

/** Checks that a value is an indexed picker, so a wrong argument fails here and not mid-conversation. */
export function checkPicker(picker: unknown): Picker<AnthropicTool> {
  const p = picker as Partial<Picker> | null;
  if (
    typeof p !== 'object' ||
    p === null ||
    typeof p.select !== 'function' ||
    typeof p.get !== 'function' ||
    typeof p.tools !== 'function'
  ) {
    throw new InvalidArgumentError({
      argument: 'picker',
      expected: 'an indexed picker',
      message:
        'anthropicShortlist(picker) takes an indexed picker, e.g. await pipe(bm25(), tfidf()).fuse(rrf()).index(tools)',
    });
  }
  for (const tool of p.tools()) checkAnthropicTool(tool);
  return p as Picker<AnthropicTool>;
}
