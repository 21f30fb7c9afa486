import { InvalidArgumentError } from '@shortlist/core';
import {
  type PlaceOptions,
  type RankerIndexV1,
  type Ranking,
  type RankOptions,
  readPlaceOptions,
  throwIfAborted,
} from '@shortlist/core/kit';
import { encodeBm25Snapshot } from './bm25-snapshot.js';
import { layoutPostings, type Postings } from './postings.js';
import {
  type QueryTerms,
  queryTermsBuffer,
  readAsciiQuery,
  readQueryTerms,
} from './query-terms.js';
import type { Bm25Config } from './resolve-options.js';
import { createSearcher, place, search } from './search.js';
import { addTools, compactIfWorthwhile, removeTools, type TermStore } from './term-store.js';

/** A BM25 index plus what tests need to check pruning against exhaustive scoring. */
export interface Bm25Index extends RankerIndexV1 {
  /** Ranks without dynamic pruning; the reference the pruned search must equal. */
  rankExhaustive(query: string, limit: number): Ranking;
  /** Postings scored or sought by all queries so far (pruning makes this smaller). */
  readonly work: number;
}

function checkLimit(limit: unknown): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) {
    throw new InvalidArgumentError({
      argument: 'doRank(options.limit)',
      expected: 'a number',
      message: `bm25: limit must be a number of tools, got ${String(limit)}`,
    });
  }
  return Math.max(0, Math.floor(limit));
}

/**
 * Wraps a term store as a ranker index. Postings are derived from the store and re-laid lazily,
 * at the first query or snapshot after adds and removes, since any change to the collection
 * statistics changes every precomputed score.
 */
export function createBm25Index(
  store: TermStore,
  config: Bm25Config,
  restored?: Postings,
): Bm25Index {
  let postings = restored;
  let postingsVersion = restored ? store.version : -1;
  const searcher = createSearcher(store.names);
  const queryTerms = queryTermsBuffer();

  const current = (): Postings => {
    if (postingsVersion !== store.version) {
      compactIfWorthwhile(store);
      postings = layoutPostings(store, config);
      postingsVersion = store.version;
    }
    return postings!;
  };

  /** The query's terms, or undefined when it has none the catalogue uses. */
  const analyse = (query: string, method = 'doRank'): QueryTerms | undefined => {
    if (typeof query !== 'string') {
      throw new InvalidArgumentError({
        argument: `${method}(query)`,
        expected: 'a string',
        message: `bm25: the query must be a string, got ${typeof query}`,
      });
    }
    const terms =
      (store.ascii && readAsciiQuery(queryTerms, store, store.ascii, query)) ??
      readQueryTerms(queryTerms, store, config.tokenizer(query));
    return terms.length === 0 ? undefined : terms;
  };

  const rank = (query: string, limit: number, exhaustive: boolean): Ranking => {
    const k = Math.min(checkLimit(limit), store.live);
    const terms = analyse(query);
    if (k === 0 || terms === undefined) return [];
    return search(searcher, current(), terms, k, exhaustive);
  };

  current();
  return {
    get size() {
      return store.live;
    },
    doRank(query: string, options: RankOptions): Ranking | Promise<Ranking> {
      try {
        throwIfAborted(options?.signal);
        return rank(query, options?.limit, false);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    doPlace(query: string, options: PlaceOptions): Ranking | Promise<Ranking> {
      try {
        throwIfAborted(options?.signal);
        const scope = readPlaceOptions(config.id, options, store.live);
        const terms = analyse(query, 'doPlace');
        if (terms === undefined) return [];
        return place(searcher, current(), terms, scope, store.slots);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    get work() {
      return searcher.work;
    },
    rankExhaustive(query, limit) {
      return rank(query, limit, true);
    },
    async doAdd(tools, options) {
      addTools(store, config, tools, options);
    },
    async doRemove(names, options) {
      throwIfAborted(options?.signal);
      removeTools(store, names);
    },
    doSnapshot() {
      return encodeBm25Snapshot(store, current(), config);
    },
  };
}
