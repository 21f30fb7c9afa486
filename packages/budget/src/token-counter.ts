import { InvalidArgumentError } from '@shortlist/core';

/** The BPE encodings Shortlist counts with: `o200k_base` (gpt-4o and later), `cl100k_base` (gpt-4, gpt-3.5). */
export type TokenEncoding = 'o200k_base' | 'cl100k_base';

/** Every encoding a tokenizer factory accepts, in one list for validation and error messages. */
const tokenEncodings: readonly TokenEncoding[] = ['o200k_base', 'cl100k_base'];

/**
 * Counts tokens of text with one encoding. Implement this to plug another tokenizer into
 * `budget({ tokenizer })`; special tokens such as `<|endoftext|>` must count as ordinary text.
 */
export interface TokenCounter {
  readonly encoding: TokenEncoding;
  /** Number of tokens `text` encodes to. */
  count(text: string): number;
  /**
   * Optional: a number that changes when the same text may count differently from now on (the
   * built-in upper bound in a browser, once its whole table arrives); costs counted before are
   * counted again. Leave it out for a counter whose counts never change.
   */
  readonly generation?: number;
  /** Frees what the counter holds (a WASM encoder); the counter is unusable afterwards. */
  dispose?(): void;
}

/** Options of the tokenizer factories. */
export interface TokenizerOptions {
  /** Which encoding to count with. @default 'o200k_base' */
  readonly encoding?: TokenEncoding;
}

/** Returns `value` when it names a supported encoding; throws a typed error naming the choices otherwise. */
export function checkEncoding(value: unknown, argument: string): TokenEncoding {
  if (!(tokenEncodings as readonly unknown[]).includes(value)) {
    throw new InvalidArgumentError({
      argument,
      expected: tokenEncodings.map((name) => `'${name}'`).join(' or '),
      message: `${argument} must be ${tokenEncodings.map((name) => `'${name}'`).join(' or ')}, got ${JSON.stringify(value) ?? String(value)}`,
    });
  }
  return value as TokenEncoding;
}

/**
 * `counter.count(text)`, checked to be a count: a counter answering NaN, a negative or a
 * fraction would silently disable the budget, so it is a typed error naming the tokenizer.
 */
export function checkedCount(counter: TokenCounter, text: string): number {
  const tokens = counter.count(text);
  if (!Number.isSafeInteger(tokens) || tokens < 0) {
    throw new InvalidArgumentError({
      argument: 'budget(options.tokenizer).count',
      expected: 'a count: a non-negative integer',
      message: `budget(options.tokenizer): count() returned ${String(tokens)} for a ${text.length}-character text; a TokenCounter must return a non-negative integer`,
    });
  }
  return tokens;
}
