import type { Tool } from '@shortlist/core';
import type { CountingMethod } from './budget-options.js';
import { estimateFunctionTokens } from './function-token-estimate.js';
import type { TokenCounter } from './token-counter.js';
import { type DefinitionFormat, definitionText } from './tool-definition.js';

/** Token costs of tools, each measured at most once and remembered for as long as the tool lives. */
export interface ToolCosts {
  /** Tokens of `tool`'s definition; at least 1. */
  of(tool: Tool): number;
  /** Whether `tool` has been measured already. */
  has(tool: Tool): boolean;
}

/**
 * Caches costs in a `WeakMap` keyed by the `Tool` object: tools are immutable, a re-indexed
 * catalogue brings new objects, and dropped tools are collected with their entries.
 */
export function createToolCosts(
  counter: TokenCounter,
  format: DefinitionFormat,
  counting: CountingMethod,
): ToolCosts {
  const cache = new WeakMap<Tool, number>();
  const measure =
    counting === 'estimate'
      ? (tool: Tool) => estimateFunctionTokens(tool, counter)
      : (tool: Tool) => counter.count(definitionText(tool, format));
  return {
    of(tool) {
      let tokens = cache.get(tool);
      if (tokens === undefined) {
        // Every definition costs something in a prompt; a format function returning '' still counts 1.
        tokens = Math.max(1, measure(tool));
        cache.set(tool, tokens);
      }
      return tokens;
    },
    has: (tool) => cache.has(tool),
  };
}
