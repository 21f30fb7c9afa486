import { InvalidArgumentError, type RankerV1, type Tool } from '@shortlist/core';
import {
  checkSnapshotNames,
  type LongCallOptions,
  type RankerIndexV1,
  readPlaceOptions,
  throwIfAborted,
  toolFieldNames,
  toolFields,
} from '@shortlist/core/kit';
import { isInterning } from './interning-tokenizer.js';
import { toolTermWeights } from './term-weights.js';
import type { TfidfOptions } from './tfidf-options.js';
import { resolveTfidfSettings, type TfidfSettings } from './tfidf-settings.js';
import { readTfidfSnapshot, writeTfidfSnapshot } from './tfidf-snapshot.js';
import { TfidfStore } from './tfidf-store.js';

/** Tools analysed between progress reports and abort checks. */
const PROGRESS_EVERY = 1000;

/**
 * A lexical ranker: cosine between sparse TF-IDF vectors (smoothed idf, field-weighted and
 * damped term frequencies) of the query and each tool. Exact, incremental and snapshot-able.
 */
export function tfidf(options: TfidfOptions = {}): RankerV1 {
  const settings = resolveTfidfSettings(options);
  return {
    specificationVersion: 'v1',
    id: settings.id,
    async doIndex(tools, callOptions) {
      const store = new TfidfStore();
      addTools(store, tools, settings, callOptions, 'tools', true);
      store.prepare();
      return openIndex(store, settings);
    },
    async doRestore(snapshot, tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const restored = readTfidfSnapshot(snapshot, settings.fingerprint);
      checkSnapshotNames(settings.id, restored.names, tools);
      return openIndex(TfidfStore.fromPostings(restored), settings);
    },
  };
}

function addTools(
  store: TfidfStore,
  tools: readonly Tool[],
  settings: TfidfSettings,
  options: LongCallOptions | undefined,
  argument: string,
  fresh = false,
): void {
  throwIfAborted(options?.signal);
  const seen = new Set<string>();
  tools.forEach((tool, i) => {
    if (typeof tool?.name !== 'string' || tool.name === '') {
      throw new InvalidArgumentError({
        argument: `${argument}[${i}].name`,
        expected: 'a non-empty string',
        message: `${settings.id}: ${argument}[${i}] has no name; pass tools through toTools() first`,
      });
    }
    if (seen.has(tool.name) || store.has(tool.name)) {
      throw new InvalidArgumentError({
        argument: `${argument}[${i}].name`,
        expected: 'a name not already in the index',
        message: `${settings.id}: tool name "${tool.name}" appears twice; tool names must be unique (remove the old one first to replace it)`,
      });
    }
    seen.add(tool.name);
  });
  if (store.size === 0 && fresh) {
    // A fresh build: nothing to undo if it fails, so count each tool's terms straight into the store.
    const fieldWeights = settings.fieldWeights;
    const tokenizer = settings.tokenizer;
    // An interning tokenizer hands over term ids, looked up once per distinct word it cuts.
    const readIds = isInterning(tokenizer) ? tokenizer.termIds(store.idOf, store.later) : undefined;
    tools.forEach((tool, i) => {
      if (i % PROGRESS_EVERY === 0 && i > 0) {
        throwIfAborted(options?.signal);
        options?.onProgress?.({ phase: 'analyse', done: i, total: tools.length });
      }
      const fields = toolFields(tool);
      if (readIds) {
        // Field by field: a reader may hand back the same array for the next text.
        store.startDocument();
        for (let f = 0; f < toolFieldNames.length; f++) {
          const text = fields[toolFieldNames[f]!];
          if (fieldWeights[f]! > 0 && text !== '') store.countIds(readIds(text), fieldWeights[f]!);
        }
        store.finishDocument(tool.name, settings.sublinearTf);
        return;
      }
      const fieldTerms = toolFieldNames.map((field, f) =>
        fieldWeights[f]! > 0 && fields[field] !== '' ? tokenizer(fields[field]) : undefined,
      );
      store.addFields(tool.name, fieldTerms, fieldWeights, settings.sublinearTf);
    });
    options?.onProgress?.({ phase: 'analyse', done: tools.length, total: tools.length });
    return;
  }
  const bags = tools.map((tool, i) => {
    if (i % PROGRESS_EVERY === 0 && i > 0) {
      throwIfAborted(options?.signal);
      options?.onProgress?.({ phase: 'analyse', done: i, total: tools.length });
    }
    return toolTermWeights(tool, settings.tokenizer, settings.fieldWeights, settings.sublinearTf);
  });
  throwIfAborted(options?.signal);
  let entries = 0;
  for (const bag of bags) entries += bag.terms.length;
  store.reserve(entries);
  tools.forEach((tool, i) => {
    store.add(tool.name, bags[i]!);
  });
  options?.onProgress?.({ phase: 'analyse', done: tools.length, total: tools.length });
}

function openIndex(store: TfidfStore, settings: TfidfSettings): RankerIndexV1 {
  return {
    get size() {
      return store.size;
    },
    doRank(query, rankOptions) {
      throwIfAborted(rankOptions?.signal);
      const limit = rankOptions?.limit ?? 10;
      if (typeof query !== 'string') {
        throw new InvalidArgumentError({
          argument: 'query',
          expected: 'a string',
          message: `${settings.id}: the query must be a string, got ${typeof query}`,
        });
      }
      if (!Number.isInteger(limit) || limit < 0) {
        throw new InvalidArgumentError({
          argument: 'limit',
          expected: 'an integer >= 0',
          message: `${settings.id}: limit must be an integer >= 0, got ${String(limit)}`,
        });
      }
      return store.rank(
        settings.tokenizer(query),
        settings.sublinearTf,
        limit,
        settings.maxQueryTerms,
      );
    },
    doPlace(query, placeOptions) {
      throwIfAborted(placeOptions?.signal);
      if (typeof query !== 'string') {
        throw new InvalidArgumentError({
          argument: 'query',
          expected: 'a string',
          message: `${settings.id}: the query must be a string, got ${typeof query}`,
        });
      }
      const scope = readPlaceOptions(settings.id, placeOptions, store.size);
      return store.placeScope(
        settings.tokenizer(query),
        settings.sublinearTf,
        scope,
        settings.maxQueryTerms,
      );
    },
    async doAdd(tools, addOptions) {
      addTools(store, tools, settings, addOptions, 'doAdd(tools)');
    },
    async doRemove(names, removeOptions) {
      throwIfAborted(removeOptions?.signal);
      for (const name of names) store.remove(name);
    },
    doSnapshot() {
      return writeTfidfSnapshot(store.exportDocuments(), settings.fingerprint);
    },
  };
}
