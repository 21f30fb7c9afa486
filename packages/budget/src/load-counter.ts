import { InvalidArgumentError } from '@shortlist/core';
import type { TokenizerChoice } from './budget-options.js';
import { gptTokenizer } from './gpt-tokenizer.js';
import { tiktokenTokenizer } from './tiktoken-tokenizer.js';
import { checkEncoding, type TokenCounter, type TokenEncoding } from './token-counter.js';
import { upperBoundTokenizer } from './upper-bound-tokenizer.js';

/**
 * Turns a tokenizer choice into a ready counter: creates a built-in by name with `encoding`, or
 * awaits the given one and checks it counts with `encoding` when one is required.
 */
export async function loadCounter(
  choice: TokenizerChoice,
  encoding: TokenEncoding | undefined,
): Promise<TokenCounter> {
  if (choice === 'upper-bound') return upperBoundTokenizer({ encoding: encoding ?? 'o200k_base' });
  if (choice === 'gpt-tokenizer') return gptTokenizer({ encoding: encoding ?? 'o200k_base' });
  if (choice === 'tiktoken') return tiktokenTokenizer({ encoding: encoding ?? 'o200k_base' });
  const counter = await choice;
  if (typeof counter?.count !== 'function') {
    throw new InvalidArgumentError({
      argument: 'budget(options.tokenizer)',
      expected: 'a TokenCounter ({ encoding, count(text) })',
      message:
        'budget(options.tokenizer) resolved to something without a count(text) method; pass upperBoundTokenizer(), gptTokenizer(), tiktokenTokenizer() or your own { encoding, count }',
    });
  }
  const actual = checkEncoding(counter.encoding, 'budget(options.tokenizer).encoding');
  if (encoding !== undefined && actual !== encoding) {
    counter.dispose?.();
    throw new InvalidArgumentError({
      argument: 'budget(options.tokenizer)',
      expected: `a tokenizer with encoding '${encoding}'`,
      message: `budget(options.tokenizer) counts with '${actual}' but the budget needs '${encoding}' (from options.model or options.encoding); create the tokenizer with { encoding: '${encoding}' }`,
    });
  }
  return counter;
}
