import type { RankerV1 } from '@shortlist/core';
import { sameToolNames, throwIfAborted } from '@shortlist/core/kit';
import { createBm25Index } from './bm25-index.js';
import type { Bm25Options } from './bm25-options.js';
import { decodeBm25Snapshot } from './bm25-snapshot.js';
import { resolveOptions } from './resolve-options.js';
import { addTools, createTermStore, removeTools } from './term-store.js';

/**
 * A BM25F ranker: each tool field (name, description, parameters, ...) is weighted and
 * length-normalised on its own, then saturated once. Works offline, with no API key; queries
 * run on an exact, dynamically pruned inverted index.
 */
export function bm25(options?: Bm25Options): RankerV1 {
  const config = resolveOptions(options);
  return {
    specificationVersion: 'v1',
    id: config.id,
    async doIndex(tools, callOptions) {
      const store = createTermStore();
      addTools(store, config, tools, callOptions);
      return createBm25Index(store, config);
    },
    async doRestore(snapshot, tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const { store, postings } = decodeBm25Snapshot(snapshot, config);
      // The usual case: the snapshot's slots are exactly these tools, in their order.
      if (sameToolNames(store.names, tools)) return createBm25Index(store, config, postings);
      const missing = tools.filter((tool) => !store.slots.has(tool.name));
      // Names are unique: when every stored tool is among those given, none is gone.
      if (tools.length - missing.length < store.slots.size) {
        const given = new Set(tools.map((tool) => tool.name));
        removeTools(
          store,
          [...store.slots.keys()].filter((name) => !given.has(name)),
        );
      }
      if (missing.length > 0) addTools(store, config, missing, callOptions);
      return createBm25Index(store, config, store.version === 0 ? postings : undefined);
    },
  };
}
