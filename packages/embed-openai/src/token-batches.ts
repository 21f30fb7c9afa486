import { decode, encode } from 'gpt-tokenizer/encoding/cl100k_base';

/** A text ready to send: possibly truncated, with its cl100k_base token count. */
export interface PreparedInput {
  readonly text: string;
  readonly tokens: number;
  /** Token count before truncation, when the text was truncated. */
  readonly truncatedFrom?: number;
}

// Special-token strings such as <|endoftext|> in user text are ordinary text to the API.
const asText = { disallowedSpecial: new Set<string>() };

/** Counts tokens as the OpenAI embedding models do (cl100k_base). */
export function countTokens(text: string): number {
  return encode(text, asText).length;
}

/** Counts each text's tokens and truncates those longer than `maxInputTokens` by token count. */
export function prepareInputs(texts: readonly string[], maxInputTokens: number): PreparedInput[] {
  return texts.map((text) => {
    const tokens = encode(text, asText);
    if (tokens.length <= maxInputTokens) return { text, tokens: tokens.length };
    // Decoding a cut may split a character or merge differently; shorten until it fits.
    let keep = maxInputTokens;
    let cut = decode(tokens.slice(0, keep));
    let count = countTokens(cut);
    while (count > maxInputTokens && keep > 1) {
      keep -= count - maxInputTokens;
      cut = decode(tokens.slice(0, keep));
      count = countTokens(cut);
    }
    return { text: cut, tokens: count, truncatedFrom: tokens.length };
  });
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
