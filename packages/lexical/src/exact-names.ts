import { InvalidArgumentError, type RankerV1, type Tool } from '@shortlist/core';
import {
  checkSnapshotNames,
  placeByRanking,
  type RankerIndexV1,
  type Ranking,
  type RankOptions,
  throwIfAborted,
} from '@shortlist/core/kit';
import type { ExactNamesOptions } from './exact-names-options.js';
import { readExactSnapshot, writeExactSnapshot } from './exact-snapshot.js';
import { ExactSpellings } from './exact-spellings.js';
import { checkRankCall } from './rank-call.js';

function fail(argument: string, expected: string, got: unknown): never {
  throw new InvalidArgumentError({
    argument: `exactNames(${argument})`,
    expected,
    message: `exactNames(): ${argument} must be ${expected}, got ${typeof got === 'string' ? JSON.stringify(got) : String(got)}`,
  });
}

/**
 * Ranks only the tools whose full name (or title) the request contains, between word
 * boundaries and ignoring case, longest first: "use get_file_contents to read the README" names
 * `get_file_contents`. `lexicalFusion()` puts these tools ahead of everything else.
 */
export function exactNames(options: ExactNamesOptions = {}): RankerV1 {
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const { id = 'exact', titles = true } = options;
  if (typeof id !== 'string' || id.trim() === '') fail('id', 'a non-empty string', id);
  if (typeof titles !== 'boolean') fail('titles', 'a boolean', titles);
  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const names = tools.map((tool) => tool.name);
      return exactIndex(new ExactSpellings(tools, titles), names, titles);
    },
    async doRestore(snapshot, tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const packed = readExactSnapshot(snapshot, titles);
      checkSnapshotNames(id, packed.names, tools);
      return exactIndex(ExactSpellings.fromPacked(packed), packed.names, titles);
    },
  };
}

/** The index over `spellings` of the tools `names`; the name set is made when first changed. */
function exactIndex(
  spellings: ExactSpellings,
  names: readonly string[],
  titles: boolean,
): RankerIndexV1 {
  let held: Set<string> | undefined;
  const heldNames = (): Set<string> => {
    held ??= new Set(names);
    return held;
  };
  return {
    get size() {
      return held ? held.size : names.length;
    },
    doRank(query: string, rankOptions: RankOptions): Ranking {
      const limit = checkRankCall('exactNames', query, rankOptions);
      if (limit <= 0) return [];
      const { only } = rankOptions;
      const found = only
        ? spellings.find(query).filter((entry) => only.has(entry.name))
        : spellings.find(query);
      return found.slice(0, limit).map((entry) => ({ name: entry.name, score: entry.length }));
    },
    doPlace(query, options) {
      return placeByRanking('exactNames', this, query, options);
    },
    async doAdd(added: readonly Tool[]) {
      const set = heldNames();
      spellings.add(added, titles);
      for (const tool of added) set.add(tool.name);
    },
    async doRemove(removed: readonly string[]) {
      const set = heldNames();
      const gone = new Set(removed.filter((name) => set.delete(name)));
      spellings.remove(gone);
    },
    doSnapshot: () => writeExactSnapshot(spellings.pack(held ? [...held] : names), titles),
  };
}
