import { checkEncoding, type TokenCounter, type TokenizerOptions } from './token-counter.js';

/** Treat special-token text (`<|endoftext|>`) in a definition as ordinary text, as providers do. */
const asOrdinaryText = { disallowedSpecial: new Set<string>() };

type CountTokens = (text: string, options: typeof asOrdinaryText) => number;

async function loadCountTokens(encoding: TokenCounter['encoding']): Promise<CountTokens> {
  // Literal specifiers, one per encoding, so only the table asked for is loaded (~30–50 MB heap).
  switch (encoding) {
    case 'o200k_base':
      return (await import('gpt-tokenizer/encoding/o200k_base')).countTokens;
    case 'cl100k_base':
      return (await import('gpt-tokenizer/encoding/cl100k_base')).countTokens;
  }
}

/**
 * A token counter backed by `gpt-tokenizer` (pure JavaScript, no WASM): the default, measured
 * about 5× faster than `tiktoken` on tool definitions with identical counts. Loads its BPE table
 * on first call, so the factory is async.
 */
export async function gptTokenizer(options: TokenizerOptions = {}): Promise<TokenCounter> {
  const encoding = checkEncoding(
    options.encoding ?? 'o200k_base',
    'gptTokenizer(options.encoding)',
  );
  const countTokens = await loadCountTokens(encoding);
  return {
    encoding,
    count: (text) => countTokens(text, asOrdinaryText),
  };
}
