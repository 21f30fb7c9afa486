import type { Awaitable, CallOptions } from '../spec/call-options.js';
import type { ExampleSelector, ToolExample } from './tool-example.js';

/** A change to a store's examples, as its subscribers hear of it. */
export type ExampleChange =
  | { readonly type: 'added'; readonly examples: readonly ToolExample[] }
  | { readonly type: 'forgot'; readonly selector: ExampleSelector }
  /** These examples left the store: replaced by a repeat, or past its size or age bound. */
  | { readonly type: 'dropped'; readonly examples: readonly ToolExample[] }
  /** The store's contents changed in a way not worth describing (compacted, trimmed, reloaded): read them again. */
  | { readonly type: 'reset' };

/**
 * Where examples learnt from use are kept. `addExamples` alone makes a sink (an `intent()`
 * ranker is one); a learned ranker also needs `readExamples` and `subscribe`, and `forgetExamples`
 * lets users erase what they asked. Memory, file (`@shortlist/learn/node`) and Redis
 * (`@shortlist/redis`) stores implement all of it.
 */
export interface ExampleStore {
  /** Keeps the examples; resolves once subscribers in this process have heard of them. */
  addExamples(examples: readonly ToolExample[], options?: CallOptions): Awaitable<void>;
  /** Every example kept, oldest first. */
  readExamples?(options?: CallOptions): Awaitable<readonly ToolExample[]>;
  /** Drops the matching examples for good; resolves to how many were dropped here. */
  forgetExamples?(selector: ExampleSelector, options?: CallOptions): Awaitable<number>;
  /**
   * Calls `listener` once for each change from now on: this process's (before the call that made
   * it resolves) and, for a shared store, other processes'. Returns a function that stops it.
   */
  subscribe?(listener: (change: ExampleChange) => void): () => void;
}
