import { countTokensBounded, tokenPieces } from '@shortlist/core/kit';
import { decode, encode } from 'gpt-tokenizer/encoding/cl100k_base';

/** A text ready to send: possibly truncated, with its cl100k_base token count. */
export interface PreparedInput {
  readonly text: string;
  readonly tokens: number;
  /** Token count before truncation, when the text was truncated; a lower bound unless `counted`. */
  readonly truncatedFrom?: number;
  /** Whether `truncatedFrom` counts the whole text (false: only a prefix was read). */
  readonly counted?: boolean;
}

// Special-token strings such as <|endoftext|> in user text are ordinary text to the API.
const asText = { disallowedSpecial: new Set<string>() };

/** Characters per token a first look at a long text assumes; more are read when it is not enough. */
const CHARS_PER_TOKEN = 8;

/** Counts tokens as the OpenAI embedding models do (cl100k_base), in time linear in the text. */
export function countTokens(text: string): number {
  return countTokensBounded(text, (piece) => encode(piece, asText).length);
}

/** Encodes `text` piece by piece, so no run of one character class costs quadratic time. */
function encodeBounded(text: string): number[] {
  const pieces = tokenPieces(text);
  if (pieces.length === 1) return encode(text, asText);
  const tokens: number[] = [];
  for (const piece of pieces) for (const token of encode(piece, asText)) tokens.push(token);
  return tokens;
}

/** Cuts `text` near `length`, before a space when one is close, never inside a surrogate pair. */
function prefixOf(text: string, length: number): string {
  for (let i = length; i > length - 256 && i > 0; i--) if (text[i] === ' ') return text.slice(0, i);
  const c = text.charCodeAt(length - 1);
  return text.slice(0, c >= 0xd800 && c <= 0xdbff ? length - 1 : length);
}

/**
 * Counts a text's tokens and truncates it to `maxInputTokens` by token count. A long text is
 * read only as far as needed: a prefix of `CHARS_PER_TOKEN` characters per allowed token, four
 * times more while that prefix holds too few tokens, so a huge query is never counted whole.
 */
function prepareInput(text: string, maxInputTokens: number): PreparedInput {
  let length = maxInputTokens * CHARS_PER_TOKEN;
  for (;;) {
    const whole = length >= text.length;
    const read = whole ? text : prefixOf(text, length);
    const tokens = encodeBounded(read);
    if (whole && tokens.length <= maxInputTokens) return { text, tokens: tokens.length };
    // A prefix must hold clearly more tokens than kept, so its cut cannot change the kept ones.
    if (whole || tokens.length > maxInputTokens + 16) {
      let keep = maxInputTokens;
      let cut = decode(tokens.slice(0, keep));
      let count = countTokens(cut);
      // Decoding a cut may split a character or merge differently; shorten until it fits.
      while (count > maxInputTokens && keep > 1) {
        keep -= count - maxInputTokens;
        cut = decode(tokens.slice(0, keep));
        count = countTokens(cut);
      }
      return { text: cut, tokens: count, truncatedFrom: tokens.length, counted: whole };
    }
    length *= 4;
  }
}

/** Counts each text's tokens and truncates those longer than `maxInputTokens` by token count. */
export function prepareInputs(texts: readonly string[], maxInputTokens: number): PreparedInput[] {
  return texts.map((text) => prepareInput(text, maxInputTokens));
}

/**
 * Splits inputs into consecutive requests of at most `maxInputs` texts and `maxTokens` tokens.
 * Returns `[start, end)` ranges; every input fits alone because inputs are truncated first.
 */
export function planRequests(
  inputs: readonly PreparedInput[],
  maxInputs: number,
  maxTokens: number,
): Array<readonly [number, number]> {
  const ranges: Array<readonly [number, number]> = [];
  let start = 0;
  let tokens = 0;
  for (let i = 0; i < inputs.length; i++) {
    const next = inputs[i]!.tokens;
    if (i > start && (i - start >= maxInputs || tokens + next > maxTokens)) {
      ranges.push([start, i]);
      start = i;
      tokens = 0;
    }
    tokens += next;
  }
  if (inputs.length > start) ranges.push([start, inputs.length]);
  return ranges;
}
