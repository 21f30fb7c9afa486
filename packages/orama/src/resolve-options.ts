import { InvalidArgumentError } from '@shortlist/core';
import {
  defaultTokenizer,
  type Tokenizer,
  type ToolField,
  toolFieldNames,
} from '@shortlist/core/kit';
import type { OramaOptions } from './orama-options.js';

/** Options with defaults applied and every value checked. */
export interface ResolvedOramaOptions {
  readonly id: string;
  readonly tokenizer: Tokenizer;
  readonly boost: Partial<Record<ToolField, number>>;
  readonly tolerance: number;
  readonly relevance: { k?: number; b?: number; d?: number };
}

const invalid = (argument: string, expected: string, got: unknown): never => {
  throw new InvalidArgumentError({
    argument: `orama(${argument})`,
    expected,
    message: `orama(): ${argument} must be ${expected}, got ${String(got)}`,
  });
};

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Applies defaults and rejects values Orama would fail on later, with a typed error now. */
export function resolveOptions(options: OramaOptions = {}): ResolvedOramaOptions {
  if (typeof options !== 'object' || options === null) {
    invalid('options', 'an options object', options);
  }
  const { id = 'orama', tokenizer = defaultTokenizer, boost = {}, tolerance = 0 } = options;
  const relevance = options.relevance ?? {};
  if (typeof id !== 'string' || id === '') invalid('id', 'a non-empty string', id);
  if (typeof tokenizer !== 'function')
    invalid('tokenizer', 'a function (text) => string[]', tokenizer);
  if (!Number.isInteger(tolerance) || tolerance < 0) {
    invalid('tolerance', 'a non-negative integer', tolerance);
  }
  const fields = new Set<string>(toolFieldNames);
  for (const [field, weight] of Object.entries(boost)) {
    if (!fields.has(field)) invalid(`boost.${field}`, `one of ${toolFieldNames.join(', ')}`, field);
    if (!isNumber(weight) || weight <= 0) invalid(`boost.${field}`, 'a positive number', weight);
  }
  for (const [key, value] of Object.entries(relevance)) {
    if (!['k', 'b', 'd'].includes(key)) invalid(`relevance.${key}`, 'one of k, b, d', key);
    if (!isNumber(value) || value < 0) invalid(`relevance.${key}`, 'a non-negative number', value);
  }
  return { id, tokenizer, boost: { ...boost }, tolerance, relevance: { ...relevance } };
}
