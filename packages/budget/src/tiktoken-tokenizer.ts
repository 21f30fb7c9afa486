import { InvalidArgumentError } from '@shortlist/core';
import { importOptional } from './import-optional.js';
import { checkEncoding, type TokenCounter, type TokenizerOptions } from './token-counter.js';

type TiktokenModule = typeof import('tiktoken');

/**
 * A token counter backed by `tiktoken` (WASM), an optional peer: install it to use this. Holds
 * one WASM encoder until `dispose()`; `budget()` disposes the counter it was given.
 */
export async function tiktokenTokenizer(options: TokenizerOptions = {}): Promise<TokenCounter> {
  const encoding = checkEncoding(
    options.encoding ?? 'o200k_base',
    'tiktokenTokenizer(options.encoding)',
  );
  const tiktoken = await importOptional<TiktokenModule>(
    'tiktoken',
    'tiktokenTokenizer()',
    "leave budget()'s tokenizer unset to count an upper bound with nothing to install",
  );
  let encoder: ReturnType<TiktokenModule['get_encoding']> | undefined =
    tiktoken.get_encoding(encoding);
  return {
    encoding,
    count(text) {
      if (!encoder) {
        throw new InvalidArgumentError({
          argument: 'tiktokenTokenizer()',
          expected: 'a counter that has not been disposed',
          message:
            'tiktokenTokenizer(): this counter was disposed and its WASM encoder freed; create a new one with tiktokenTokenizer()',
        });
      }
      // encode_ordinary counts special-token text as ordinary text, as providers do.
      return encoder.encode_ordinary(text).length;
    },
    dispose() {
      encoder?.free();
      encoder = undefined;
    },
  };
}
