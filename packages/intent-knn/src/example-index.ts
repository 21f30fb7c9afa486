import type { EmbedderV1, Tool } from '@shortlist/core';
import {
  createVectorIndex,
  embedMany,
  type LongCallOptions,
  type RankerIndexV1,
  type Ranking,
  throwIfAborted,
  toolText,
} from '@shortlist/core/kit';
import { tallyVotes } from './tally-votes.js';

/** Settings an example index ranks with. */
export interface ExampleIndexSettings {
  readonly embedder: EmbedderV1;
  readonly neighbours: number;
  readonly minScore: number;
  readonly exponent: number;
  readonly countExponent: number;
  readonly toolText: boolean;
}

/** One catalogue's examples; the intent ranker adds examples to it as they arrive. */
export interface ExampleIndex extends RankerIndexV1 {
  /** Whether `tool` is in this catalogue now. */
  has(tool: string): boolean;
  /** Adds embedded examples; those of tools not in the catalogue wait until the tool is added. */
  addExamples(entries: readonly { readonly tool: string; readonly vector: Float32Array }[]): void;
  /** Adds tools (embedding their own texts if `settings.toolText`); tools already in are skipped. */
  doAdd(tools: readonly Tool[], options?: LongCallOptions): Promise<void>;
}

/**
 * Indexes example vectors of the catalogue's tools, keyed by tool name. Vectors of removed
 * tools are kept aside, so removing and re-adding a tool (an update) keeps its examples. Starts
 * empty: the caller adds its examples, then its tools.
 */
export function createExampleIndex(
  settings: ExampleIndexSettings,
  hooks: { snapshot(): Uint8Array; dispose(): void },
): ExampleIndex {
  const { embedder, neighbours, minScore, exponent, countExponent } = settings;
  const present = new Set<string>();
  const byTool = new Map<string, Float32Array[]>();
  /** Examples per present tool (its tool text included), for `countExponent`. */
  const counts = new Map<string, number>();
  const vectors = createVectorIndex(embedder.dimensions);
  const count = (tool: string, by: number) => counts.set(tool, (counts.get(tool) ?? 0) + by);

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
        if (present.has(tool)) {
          vectors.add(tool, vector);
          count(tool, 1);
        }
      }
    },
    async doRank(query, { limit, signal }): Promise<Ranking> {
      throwIfAborted(signal);
      if (query.trim() === '' || vectors.size === 0 || limit <= 0) return [];
      const [embedding] = await embedMany(embedder, [query], {
        signal,
        phase: 'intent: query',
        inputType: 'query',
      });
      const nearest = vectors.search(embedding!, neighbours);
      return tallyVotes(nearest, {
        minScore,
        exponent,
        countExponent,
        exampleCounts: counts,
      }).slice(0, limit);
    },
    async doAdd(tools, options) {
      throwIfAborted(options?.signal);
      const names = new Set(present);
      const fresh = tools.filter((tool) => !names.has(tool.name) && names.add(tool.name));
      const texts =
        settings.toolText && fresh.length > 0
          ? await embedMany(embedder, fresh.map(toolText), {
              ...options,
              phase: 'intent: embed tool texts',
              inputType: 'document',
            })
          : [];
      for (const [i, tool] of fresh.entries()) {
        present.add(tool.name);
        for (const vector of byTool.get(tool.name) ?? []) vectors.add(tool.name, vector);
        count(tool.name, byTool.get(tool.name)?.length ?? 0);
        if (texts[i]) {
          vectors.add(tool.name, texts[i]);
          count(tool.name, 1);
        }
      }
    },
    async doRemove(names, options) {
      throwIfAborted(options?.signal);
      const removed = new Set(names.filter((name) => present.has(name)));
      for (const name of removed) {
        present.delete(name);
        counts.delete(name);
      }
      vectors.removeKeys(removed);
    },
    doSnapshot: () => hooks.snapshot(),
    doDispose: () => hooks.dispose(),
  };
}
