import { create, insert, type Orama, remove, search } from '@orama/orama';
import { InvalidArgumentError, type Tool } from '@shortlist/core';
import {
  compareRanked,
  type LongCallOptions,
  type RankedTool,
  type RankerIndexV1,
  throwIfAborted,
} from '@shortlist/core/kit';
import { linearIndex } from './linear-index.js';
import { oramaQuery, type TokenOccurrences } from './orama-query-terms.js';
import { toOramaTokenizer } from './orama-tokenizer.js';
import { type PostingCount, prefixCounts } from './prefix-counts.js';
import type { ResolvedOramaOptions } from './resolve-options.js';
import { toolDocument, toolSchema } from './tool-document.js';

/** An Orama database over the tool schema. */
export type ToolDatabase = Orama<typeof toolSchema>;

/** Whether indexed terms carry `END_MARK` (typo tolerance off: its edit distances would count it). */
export const endMarks = (options: ResolvedOramaOptions): boolean => options.tolerance === 0;

/** Creates an empty Orama database with the tool schema and the ranker's tokenizer. */
export const createDatabase = (options: ResolvedOramaOptions): ToolDatabase =>
  create({
    schema: toolSchema,
    components: {
      tokenizer: toOramaTokenizer(options.tokenizer, endMarks(options)),
      index: linearIndex(),
    },
  });

/** Orama's ids and tool names, both ways; `Map`s so names like `__proto__` are ordinary keys. */
export interface IdMaps {
  readonly nameOf: Map<string, string>;
  readonly idOf: Map<string, string>;
}

/** Tools inserted between yields to the event loop, so an abort signal can fire mid-index. */
const CHUNK = 1000;

/**
 * Scores are rounded to 12 significant digits: Orama keeps a running average of field lengths,
 * so the last bits depend on insertion order, and unrounded near-ties would order by accident.
 */
const roundScore = (score: number): number => Number(score.toPrecision(12));

/** Inserts tools in name order (so the index does not depend on input order), in chunks. */
export async function insertTools(
  db: ToolDatabase,
  maps: IdMaps,
  tools: readonly Tool[],
  options: LongCallOptions | undefined,
): Promise<void> {
  const signal = options?.signal;
  throwIfAborted(signal);
  const seen = new Set<string>();
  for (const [i, tool] of tools.entries()) {
    if (maps.idOf.has(tool.name) || seen.has(tool.name)) {
      throw new InvalidArgumentError({
        argument: `tools[${i}].name`,
        expected: 'a name not already in the index',
        message: `orama: tool "${tool.name}" is already indexed; remove it first or rename it`,
      });
    }
    seen.add(tool.name);
  }
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (let start = 0; start < sorted.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    throwIfAborted(signal);
    for (const tool of sorted.slice(start, start + CHUNK)) {
      const id = (await insert(db, toolDocument(tool))) as string;
      maps.nameOf.set(id, tool.name);
      maps.idOf.set(tool.name, id);
    }
    options?.onProgress?.({
      phase: 'orama: index',
      done: Math.min(start + CHUNK, sorted.length),
      total: sorted.length,
    });
  }
}

/** Wraps an Orama database as a Shortlist ranker index. */
export function wrapDatabase(
  db: ToolDatabase,
  maps: IdMaps,
  options: ResolvedOramaOptions,
  snapshot: (db: ToolDatabase, maps: IdMaps) => Uint8Array,
): RankerIndexV1 {
  const { tokenizer, boost, tolerance, relevance } = options;
  const occurrences = () =>
    (db.data.index as unknown as { tokenOccurrences: TokenOccurrences }).tokenOccurrences;
  /** Postings each query term reaches; recounted after the catalogue changes. */
  let count: PostingCount | undefined = prefixCounts(occurrences());
  return {
    get size() {
      return maps.idOf.size;
    },
    async doRank(query, { limit, signal }) {
      throwIfAborted(signal);
      const k = Math.floor(limit);
      if (!(k > 0) || maps.idOf.size === 0 || typeof query !== 'string') return [];
      // Orama scores every match of every term: a query that reaches too much keeps its rarest terms.
      count ??= prefixCounts(occurrences());
      const term = oramaQuery(query, tokenizer, count, tolerance);
      if (term === '') return [];
      // Orama cuts at `limit` in its own tie order; fetch until the cut is below the k-th score.
      let fetch = k + 1;
      for (;;) {
        const results = await search(db, {
          term,
          limit: fetch,
          boost,
          tolerance,
          relevance,
        });
        throwIfAborted(signal);
        const hits = results.hits;
        const complete =
          hits.length < fetch ||
          hits.length >= results.count ||
          roundScore(hits[fetch - 1]!.score) < roundScore(hits[k - 1]!.score);
        if (!complete) {
          // Every search scores every match: ask for all of them at once rather than doubling.
          fetch = Math.max(fetch * 2, results.count);
          continue;
        }
        const ranking: RankedTool[] = hits.map((hit) => ({
          name: maps.nameOf.get(hit.id)!,
          score: roundScore(hit.score),
        }));
        ranking.sort(compareRanked);
        return ranking.slice(0, k);
      }
    },
    async doAdd(tools, addOptions) {
      count = undefined;
      await insertTools(db, maps, tools, addOptions);
      count = undefined;
    },
    async doRemove(names, removeOptions) {
      throwIfAborted(removeOptions?.signal);
      count = undefined;
      for (const name of names) {
        const id = maps.idOf.get(name);
        if (id === undefined) continue;
        await remove(db, id);
        maps.idOf.delete(name);
        maps.nameOf.delete(id);
      }
    },
    doSnapshot() {
      return snapshot(db, maps);
    },
  };
}
