import { InvalidArgumentError, type RankerV1, type Tool } from '@shortlist/core';
import {
  analysisVersion,
  checkSnapshotNames,
  packedTermId,
  packTerms,
  placeByRanking,
  type RankerIndexV1,
  type Ranking,
  type RankOptions,
  throwIfAborted,
} from '@shortlist/core/kit';
import { actionVerbGroups } from './action-verbs.js';
import {
  type OwnedOpenings,
  readOpeningSnapshot,
  writeOpeningSnapshot,
} from './opening-snapshot.js';
import { descriptionOpening, OPENING_CHARS, requestOpening } from './opening-words.js';
import { checkRankCall } from './rank-call.js';

/** What a snapshot's openings depend on: the word analysis, the verb groups, the text read. */
const fingerprint = (): string =>
  JSON.stringify({ version: analysisVersion, verbs: actionVerbGroups, chars: OPENING_CHARS });

/**
 * The tool whose description opens the way the request does (the same verb and object: "schedule
 * a meeting with Tom" and "Schedule a meeting or event on a calendar"), when exactly one tool's
 * does; an opening several tools share says little. bm25 and tfidf weigh those two words like
 * any others; `lexicalFusion()` weighs this ranker so it decides between close tools.
 */
export function openingMatch(options: { readonly id?: string } = {}): RankerV1 {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError({
      argument: 'openingMatch(options)',
      expected: 'an object',
      message: `openingMatch(): options must be an object, got ${String(options)}`,
    });
  }
  const { id = 'opening' } = options;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new InvalidArgumentError({
      argument: 'openingMatch(id)',
      expected: 'a non-empty string',
      message: `openingMatch(): id must be a non-empty string, got ${JSON.stringify(id)}`,
    });
  }
  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      return openingIndex(ownedOpenings(tools));
    },
    async doRestore(snapshot, tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const owned = readOpeningSnapshot(snapshot, fingerprint());
      checkSnapshotNames(id, owned.names, tools);
      return openingIndex(owned);
    },
  };
}

/** The openings of the tools' descriptions that exactly one tool has, with that tool. */
function ownedOpenings(tools: readonly Tool[]): OwnedOpenings {
  /** Opening to the slot of the one tool that has it; -1 once a second tool has it too. */
  const owner = new Map<string, number>();
  for (let slot = 0; slot < tools.length; slot++) {
    const opening = descriptionOpening(tools[slot]!.description);
    if (opening === undefined) continue;
    owner.set(opening, owner.has(opening) ? -1 : slot);
  }
  const openings: string[] = [];
  const owners: number[] = [];
  for (const [opening, slot] of owner) {
    if (slot < 0) continue;
    openings.push(opening);
    owners.push(slot);
  }
  return {
    names: tools.map((tool) => tool.name),
    openings: packTerms(openings),
    owners: Int32Array.from(owners),
  };
}

function openingIndex(owned: OwnedOpenings): RankerIndexV1 {
  const { names, openings, owners } = owned;
  return {
    size: names.length,
    doRank(query: string, options: RankOptions): Ranking {
      const limit = checkRankCall('openingMatch', query, options);
      const opening = limit > 0 ? requestOpening(query) : undefined;
      const id = opening === undefined ? undefined : packedTermId(openings, opening);
      const name = id === undefined ? undefined : names[owners[id]!]!;
      if (!name || (options.only && !options.only.has(name))) return [];
      return [{ name, score: 1 }];
    },
    doPlace(query, options) {
      return placeByRanking('openingMatch', this, query, options);
    },
    doSnapshot: () => writeOpeningSnapshot(owned, fingerprint()),
  };
}
