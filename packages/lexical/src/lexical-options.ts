import type { ExampleStore } from '@shortlist/core';

/** Options of `lexical()`. */
export interface LexicalOptions {
  /**
   * Learns from use: examples kept here (and those `picker.learn()` adds) lift the tools that
   * served similar requests, as far as their evidence goes. `fileExampleStore(path)` from
   * `@shortlist/learn/node` keeps them across restarts, `redisExampleStore()` shares them across
   * a fleet; `false` turns learning off. @default a fresh `memoryExampleStore()`
   */
  readonly examples?: ExampleStore | false;
  /** Token budget the picks are packed into, or `false` to return them unpacked. @default 4000 */
  readonly maxTokens?: number | false;
  /** Model the tools are sent to; picks the tokenizer that counts the budget. @default 'gpt-4o' */
  readonly model?: string;
}
