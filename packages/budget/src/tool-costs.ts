import type { Tool } from '@shortlist/core';
import { countTokensBounded, throwIfAborted } from '@shortlist/core/kit';
import type { CountingMethod } from './budget-options.js';
import { estimateFunctionTokens } from './function-token-estimate.js';
import { nextTurn } from './next-turn.js';
import { checkedCount, type TokenCounter } from './token-counter.js';
import { type DefinitionFormat, definitionText } from './tool-definition.js';
import { utf8Length } from './utf8-length.js';

/** Definitions longer than this (in characters) are counted in slices, yielding between them. */
const YIELD_CHARS = 65_536;

/** Bytes of the longest token of o200k_base and cl100k_base (a run of spaces). */
const MAX_TOKEN_BYTES = 128;

/** Thrown by `of()` for a large unmeasured definition: measure it with `measure()` first. */
export class NeedsMeasuring {
  constructor(readonly tool: Tool) {}
}

/** Token costs of tools, each measured at most once and remembered for as long as the tool lives. */
export interface ToolCosts {
  /** Tokens of `tool`'s definition; at least 1. Throws `NeedsMeasuring` for a large new one. */
  of(tool: Tool): number;
  /** Whether `tool` has been measured already. */
  has(tool: Tool): boolean;
  /**
   * A proven lower bound on `tool`'s tokens without tokenizing: its definition's UTF-8 bytes over
   * the longest token's (128 bytes in o200k_base and cl100k_base). Undefined when estimating.
   */
  readonly atLeast: ((tool: Tool) => number) | undefined;
  /** Measures `tool` without blocking the event loop for long: slices of a large definition in turns. */
  measure(tool: Tool, signal?: AbortSignal): Promise<number>;
}

/** Where to end a slice near `end`: after a comma or before a space, else at `end` (never in a surrogate pair). */
function sliceEnd(text: string, start: number, end: number): number {
  if (end >= text.length) return text.length;
  for (let i = end; i > end - 256 && i > start; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || text.charCodeAt(i - 1) === 0x2c) return i;
  }
  const c = text.charCodeAt(end - 1);
  return c >= 0xd800 && c <= 0xdbff ? end - 1 : end;
}

/**
 * Caches costs in a `WeakMap` keyed by the `Tool` object: tools are immutable, a re-indexed
 * catalogue brings new objects, and dropped tools are collected with their entries. Counting is
 * linear in the text (`countTokensBounded`), and a counter's answer is checked to be a count.
 * When the counter's `generation` changes, every cost is counted again.
 */
export function createToolCosts(
  counter: TokenCounter,
  format: DefinitionFormat,
  counting: CountingMethod,
): ToolCosts {
  let cache = new WeakMap<Tool, number>();
  let generation = counter.generation;
  /** Forgets every cost once the counter counts differently (a browser's table arrived). */
  const current = (): WeakMap<Tool, number> => {
    if (counter.generation !== generation) {
      generation = counter.generation;
      cache = new WeakMap();
    }
    return cache;
  };
  const count = (text: string): number =>
    countTokensBounded(text, (piece) => checkedCount(counter, piece));
  const textOf = (tool: Tool): string => definitionText(tool, format);
  const remember = (tool: Tool, tokens: number, since = generation): number => {
    // Every definition costs something in a prompt; a format function returning '' still counts 1.
    const kept = Math.max(1, tokens);
    // A count the counter changed under (between a large definition's slices) is not remembered.
    current();
    if (since === generation) cache.set(tool, kept);
    return kept;
  };
  const estimating = counting === 'estimate';
  const floors = new WeakMap<Tool, number>();
  const atLeast = (tool: Tool): number => {
    let floor = floors.get(tool) ?? current().get(tool);
    if (floor === undefined) {
      floor = Math.max(1, Math.ceil(utf8Length(textOf(tool)) / MAX_TOKEN_BYTES));
      floors.set(tool, floor);
    }
    return floor;
  };
  const estimator: TokenCounter = { encoding: counter.encoding, count };
  return {
    of(tool) {
      const known = current().get(tool);
      if (known !== undefined) return known;
      if (estimating) return remember(tool, estimateFunctionTokens(tool, estimator));
      const text = textOf(tool);
      if (text.length > YIELD_CHARS) throw new NeedsMeasuring(tool);
      return remember(tool, count(text));
    },
    has: (tool) => current().has(tool),
    atLeast: estimating ? undefined : atLeast,
    async measure(tool, signal) {
      const known = current().get(tool);
      if (known !== undefined) return known;
      if (estimating) return remember(tool, estimateFunctionTokens(tool, estimator));
      const since = generation;
      const text = textOf(tool);
      let tokens = 0;
      let slices = 0;
      for (let start = 0; start < text.length; slices++) {
        if (slices > 0) {
          await nextTurn();
          throwIfAborted(signal);
        }
        const end = sliceEnd(text, start, start + YIELD_CHARS / 4);
        tokens += count(text.slice(start, end));
        start = end;
      }
      // One token per cut: a cut can save the merge that would have spanned it.
      return remember(tool, tokens + slices - 1, since);
    },
  };
}
