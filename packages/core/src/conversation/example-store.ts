import type { Awaitable, CallOptions } from '../spec/call-options.js';

/** A request and the tool that served it: what an `intent()` ranker learns from. */
export interface ToolExample {
  readonly query: string;
  readonly tool: string;
}

/**
 * Where examples learnt from an agent's own tool calls go. An `intent()` ranker from
 * `@shortlist/intent-knn` is one, so a picker can improve from use with no glue.
 */
export interface ExampleStore {
  addExamples(examples: readonly ToolExample[], options?: CallOptions): Awaitable<void>;
}

/** An `ExampleStore` that keeps examples in memory, e.g. to save them yourself later. */
export interface MemoryExampleStore extends ExampleStore {
  /** Every example recorded so far, oldest first. */
  examples(): readonly ToolExample[];
}

/** Keeps recorded examples in memory; repeated pairs are kept once. */
export function memoryExampleStore(): MemoryExampleStore {
  const kept = new Map<string, ToolExample>();
  return {
    addExamples(examples) {
      for (const example of examples) {
        kept.set(JSON.stringify([example.query, example.tool]), {
          query: example.query,
          tool: example.tool,
        });
      }
    },
    examples: () => [...kept.values()],
  };
}
