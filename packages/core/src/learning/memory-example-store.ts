import type { ExampleChange, ExampleStore } from './example-store.js';
import { createFairBound } from './fair-bound.js';
import { checkMaxExamples } from './store-bounds.js';
import {
  type ExampleSelector,
  exampleKey,
  exampleMatches,
  type ToolExample,
} from './tool-example.js';

/** Options of `memoryExampleStore()`. */
export interface MemoryExampleStoreOptions {
  /**
   * Most examples kept; past it the oldest of the heaviest source or tool goes first, so a flood
   * evicts its own (`createFairBound`). @default 100000
   */
  readonly maxExamples?: number;
}

/** An `ExampleStore` in memory: one process, gone at exit. */
export interface MemoryExampleStore extends Required<ExampleStore> {
  /** Every example kept, oldest first. */
  examples(): readonly ToolExample[];
}

/** Keeps examples in memory, stamped with the time they arrived; a repeated pair is kept once. */
export function memoryExampleStore(options: MemoryExampleStoreOptions = {}): MemoryExampleStore {
  const maxExamples = checkMaxExamples(
    options.maxExamples,
    'memoryExampleStore(options.maxExamples)',
  );
  const kept = new Map<string, ToolExample>();
  const bound = createFairBound();
  const listeners = new Set<(change: ExampleChange) => void>();
  const tell = (change: ExampleChange): void => {
    for (const listener of listeners) listener(change);
  };
  return {
    addExamples(examples) {
      const added: ToolExample[] = [];
      const dropped: ToolExample[] = [];
      for (const example of examples) {
        const key = exampleKey(example);
        const repeat = kept.get(key);
        if (repeat) {
          kept.delete(key); // a repeat moves to the newest place
          bound.delete(key);
          dropped.push(repeat);
        }
        const stamped = { ...example, at: example.at ?? Date.now() };
        kept.set(key, stamped);
        bound.add(key, stamped.source, stamped.tool);
        added.push(stamped);
      }
      if (dropped.length > 0) tell({ type: 'dropped', examples: dropped });
      if (added.length > 0) tell({ type: 'added', examples: added });
      const trimmed: ToolExample[] = [];
      while (kept.size > maxExamples) {
        const key = bound.victim()!;
        trimmed.push(kept.get(key)!);
        kept.delete(key);
        bound.delete(key);
      }
      if (trimmed.length > 0) tell({ type: 'dropped', examples: trimmed });
    },
    readExamples: () => [...kept.values()],
    examples: () => [...kept.values()],
    forgetExamples(selector: ExampleSelector) {
      let dropped = 0;
      for (const [key, example] of kept) {
        if (!exampleMatches(example, selector)) continue;
        kept.delete(key);
        bound.delete(key);
        dropped++;
      }
      tell({ type: 'forgot', selector });
      return dropped;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
