import type { TokenCounter, TokenEncoding } from './token-counter.js';
import type { DefinitionFormat } from './tool-definition.js';

/** How candidates are chosen: in rank order (`'greedy'`) or by an exact knapsack (`'optimal'`). */
export type PackingStrategy = 'greedy' | 'optimal';

/** `'exact'` counts the serialised definition; `'estimate'` uses OpenAI's published method (openai-chat only). */
export type CountingMethod = 'exact' | 'estimate';

/**
 * Which tokenizer counts: `'upper-bound'` (built in, never fewer tokens than the exact count),
 * an exact one by name (an optional package to install), or your own counter (the budget disposes it).
 */
export type TokenizerChoice =
  | 'upper-bound'
  | 'gpt-tokenizer'
  | 'tiktoken'
  | TokenCounter
  | PromiseLike<TokenCounter>;

/** Options of `budget(maxTokens, options)`. */
export interface BudgetOptions {
  /** Model the tools are sent to; picks the encoding. Unknown models use `o200k_base` and warn once. */
  readonly model?:
    | 'gpt-4o'
    | 'gpt-4.1'
    | 'gpt-5'
    | 'o3'
    | 'gpt-4'
    | 'gpt-3.5-turbo'
    | (string & {});
  /** Encoding to count with; overrides the model's. @default the model's, else 'o200k_base' */
  readonly encoding?: TokenEncoding;
  /** Wire format whose definition is costed. @default 'openai-chat' */
  readonly format?: DefinitionFormat;
  /** @default 'greedy' */
  readonly strategy?: PackingStrategy;
  /** @default 'exact' */
  readonly counting?: CountingMethod;
  /**
   * `'upper-bound'` needs nothing installed and counts 8–15% over, so packs stay under budget;
   * `'gpt-tokenizer'` (or `'tiktoken'`) counts exactly once that package is installed.
   * @default 'upper-bound'
   */
  readonly tokenizer?: TokenizerChoice;
  /** Measure every tool when the catalogue is indexed instead of on first use. @default false */
  readonly eager?: boolean;
  /** Plugin id. @default 'budget' */
  readonly id?: string;
  /** Receives warnings (an unknown model). @default console.warn, once per model id per process */
  readonly onWarning?: (message: string) => void;
}
