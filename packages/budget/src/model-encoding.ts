import type { TokenEncoding } from './token-counter.js';

/** The encoding a model counts with, and whether the model was recognised or fell back. */
export interface ModelEncoding {
  readonly encoding: TokenEncoding;
  /** False when the model is unknown and `o200k_base` was assumed. */
  readonly known: boolean;
}

/** Model id prefixes, most specific first: `gpt-4o` must win over `gpt-4`. */
const prefixes: readonly (readonly [RegExp, TokenEncoding])[] = [
  [/^(chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss)(?!\d)/, 'o200k_base'],
  [/^o[1-9](?![\w.])/, 'o200k_base'],
  [/^(gpt-4|gpt-3\.5|gpt-35)(?![\w.])/, 'cl100k_base'],
  [/^text-embedding-(3-|ada-002)/, 'cl100k_base'],
];

/**
 * Maps an OpenAI model id to its encoding: `o200k_base` for gpt-4o, gpt-4.1, o-series and gpt-5;
 * `cl100k_base` for gpt-4, gpt-3.5-turbo and text-embedding-3. Dated snapshots, `ft:` fine-tunes
 * and `openai/` prefixes are recognised; anything else falls back to `o200k_base` with `known: false`.
 */
export function encodingForModel(model: string): ModelEncoding {
  const id = model
    .trim()
    .toLowerCase()
    .replace(/^openai\//, '')
    .replace(/^ft:/, '');
  for (const [pattern, encoding] of prefixes) {
    if (pattern.test(id)) return { encoding, known: true };
  }
  return { encoding: 'o200k_base', known: false };
}
