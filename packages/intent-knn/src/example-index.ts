import {
  createVectorIndex,
  type EmbedderV1,
  embedMany,
  type RankerIndexV1,
  type Ranking,
  throwIfAborted,
} from '@shortlist/core';
import { tallyVotes } from './tally-votes.js';

/** Settings an example index ranks with. */
export interface ExampleIndexSettings {
  readonly embedder: EmbedderV1;
  readonly neighbours: number;
  readonly minScore: number;
  readonly exponent: number;
}

/** One catalogue's examples; the intent ranker adds examples to it as they arrive. */
export interface ExampleIndex extends RankerIndexV1 {
  /** Whether `tool` is in this catalogue now. */
  has(tool: string): boolean;
  /** Adds embedded examples; those of tools not in the catalogue wait until the tool is added. */
  addExamples(entries: readonly { readonly tool: string; readonly vector: Float32Array }[]): void;
}

/**
 * Indexes example vectors of the catalogue's tools, keyed by tool name. Vectors of removed
 * tools are kept aside, so removing and re-adding a tool (an update) keeps its examples.
 */
export function createExampleIndex(
  settings: ExampleIndexSettings,
  toolNames: readonly string[],
  hooks: { snapshot(): Uint8Array; dispose(): void },
): ExampleIndex {
  const { embedder, neighbours, minScore, exponent } = settings;
  const present = new Set(toolNames);
  const byTool = new Map<string, Float32Array[]>();
  const vectors = createVectorIndex(embedder.dimensions);

  return {
    get size() {
      return present.size;
    },
    has: (tool) => present.has(tool),
    addExamples(entries) {
      for (const { tool, vector } of entries) {
        const list = byTool.get(tool);
        if (list) list.push(vector);
        else byTool.set(tool, [vector]);
        if (present.has(tool)) vectors.add(tool, vector);
      }
    },
    async doRank(query, { limit, signal }): Promise<Ranking> {
      throwIfAborted(signal);
      if (query.trim() === '' || vectors.size === 0 || limit <= 0) return [];
      const [embedding] = await embedMany(embedder, [query], { signal, phase: 'intent: query' });
      const nearest = vectors.search(embedding!, neighbours);
      return tallyVotes(nearest, { minScore, exponent }).slice(0, limit);
    },
    async doAdd(tools, options) {
      throwIfAborted(options?.signal);
      for (const tool of tools) {
        if (present.has(tool.name)) continue;
        present.add(tool.name);
        for (const vector of byTool.get(tool.name) ?? []) vectors.add(tool.name, vector);
      }
    },
    async doRemove(names, options) {
      throwIfAborted(options?.signal);
      const removed = new Set(names.filter((name) => present.has(name)));
      for (const name of removed) present.delete(name);
      vectors.removeKeys(removed);
    },
    doSnapshot: () => hooks.snapshot(),
    doDispose: () => hooks.dispose(),
  };
}
