import type { JsonSchema, Tool } from '@shortlist/core';
import type { TokenCounter, TokenEncoding } from './token-counter.js';

/**
 * Overheads of OpenAI's published method for counting function-definition tokens (OpenAI
 * Cookbook, "How to count tokens with tiktoken", section on tools), in tokens.
 */
interface EstimateConstants {
  /** Per function, before its `name:description` line. */
  readonly functionStart: number;
  /** Once per function that has properties. */
  readonly propertiesStart: number;
  /** Per property, before its `key:type:description` line. */
  readonly propertyStart: number;
  /** Once per property that has an `enum` (negative: the method subtracts it). */
  readonly enumStart: number;
  /** Per enum value, before the value's own tokens. */
  readonly enumValue: number;
  /** Once per request that has tools; not charged to any single tool. */
  readonly requestEnd: number;
}

/** gpt-4o-family models start each function with 7 tokens, gpt-4 and gpt-3.5-turbo with 10. */
const constantsByEncoding: Record<TokenEncoding, EstimateConstants> = {
  o200k_base: {
    functionStart: 7,
    propertiesStart: 3,
    propertyStart: 3,
    enumStart: -3,
    enumValue: 3,
    requestEnd: 12,
  },
  cl100k_base: {
    functionStart: 10,
    propertiesStart: 3,
    propertyStart: 3,
    enumStart: -3,
    enumValue: 3,
    requestEnd: 12,
  },
};

/** Tokens a request with tools pays once on top of its functions' estimates. */
export function estimateRequestOverhead(encoding: TokenEncoding): number {
  return constantsByEncoding[encoding].requestEnd;
}

const withoutFinalPeriod = (text: string): string =>
  text.endsWith('.') ? text.slice(0, -1) : text;

const asText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(asText).join(' | ');
  return value === undefined || value === null ? '' : String(value);
};

/**
 * Estimates one OpenAI Chat function definition's tokens by OpenAI's published method: fixed
 * overheads plus the tokens of `name:description`, of each top-level property's
 * `key:type:description` and of each enum value. Excludes the once-per-request overhead.
 */
export function estimateFunctionTokens(tool: Tool, counter: TokenCounter): number {
  const constants = constantsByEncoding[counter.encoding];
  let tokens =
    constants.functionStart + counter.count(`${tool.name}:${withoutFinalPeriod(tool.description)}`);
  const properties = tool.inputSchema.properties;
  if (typeof properties !== 'object' || properties === null) return tokens;
  const entries = Object.entries(properties as Record<string, JsonSchema | undefined>);
  if (entries.length === 0) return tokens;
  tokens += constants.propertiesStart;
  for (const [key, property] of entries) {
    const type = asText(property?.type);
    const description = withoutFinalPeriod(asText(property?.description));
    tokens += constants.propertyStart + counter.count(`${key}:${type}:${description}`);
    const values = property?.enum;
    if (Array.isArray(values) && values.length > 0) {
      tokens += constants.enumStart;
      for (const value of values) tokens += constants.enumValue + counter.count(asText(value));
    }
  }
  return tokens;
}
