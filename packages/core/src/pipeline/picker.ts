import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { PluginError } from '../errors/plugin-error.js';
import {
  checkExamples,
  checkSelector,
  type ExampleSelector,
  type ToolExample,
} from '../learning/tool-example.js';
import type { CallOptions, LongCallOptions } from '../spec/call-options.js';
import type { FusedTool, FusionV1, SourceRanking } from '../spec/fusion-v1.js';
import type { PackerV1 } from '../spec/packer-v1.js';
import type { RankedTool, RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import { toTools } from '../tools/to-tools.js';
import type { Tool } from '../tools/tool.js';
import { throwIfAborted } from '../util/abort.js';
import { abstainedSelection, abstentionReason } from './abstention.js';
import { packedSelection, plainSelection, toolFor, withTruncation } from './build-selection.js';
import { callPlugin } from './call-plugin.js';
import { LazyCandidate } from './lazy-candidate.js';
import { selectDepth, selectLimit } from './limit-policy.js';
import { capQuery } from './query-length.js';
import { checkLimit, checkOptions } from './select-options.js';
import type { Selection } from './selection.js';
import { catalogueDigest, stampSnapshot } from './snapshot-envelope.js';
import { type NameFilter, scopeFilter, type ToolScope } from './tool-scope.js';

export interface SelectOptions extends CallOptions {
  /** Most tools to return. @default 5 */
  readonly limit?: number;
  /**
   * Each ranker returns `limit × overFetch` candidates for fusion and packing (with a packer, at
   * most `MAX_PACK_CANDIDATES`). @default the pipeline's (4)
   */
  readonly overFetch?: number;
  /**
   * Pick only from these tools: names, a glob (`github__*`) or `(tool) => boolean`. The picks are
   * the full ranking's, less the tools outside the scope. @default every tool
   */
  readonly only?: ToolScope;
}

export interface RankingsOptions extends CallOptions {
  /** How many tools each ranker returns. */
  readonly limit: number;
}

/** An indexed pipeline: selects tools for queries and keeps every ranker in step with the catalogue. */
export interface Picker<Original = unknown> {
  /** Number of tools in the catalogue. */
  readonly size: number;
  /** The packer's token budget, when the pipeline packs: what a merged search must stay under too. */
  readonly maxTokens?: number;
  /** The catalogue, in the order tools were given. */
  tools(): readonly Tool<Original>[];
  /** The catalogue's tool of that name, or `undefined`; adapters use it to hand back originals. */
  get(name: string): Tool<Original> | undefined;
  /** Chooses the tools that fit a query. An empty or blank query selects nothing. */
  select(query: string, options?: SelectOptions): Promise<Selection<Original>>;
  /** Each ranker's own ranking for a query, unfused: for evaluation and fitting fusions. */
  rankings(query: string, options: RankingsOptions): Promise<SourceRanking[]>;
  /** Adds tools (any format `toTools` accepts) to every ranker; names must be new. */
  add(tools: readonly Original[] | unknown, options?: LongCallOptions): Promise<void>;
  /** Removes tools by name from every ranker; unknown names are ignored. */
  remove(names: readonly string[], options?: CallOptions): Promise<void>;
  /**
   * Snapshots of every ranker index that supports them, keyed by ranker id, each stamped with a
   * digest of the catalogue's texts so `restore()` can tell when the tools changed since.
   */
  snapshot(): Record<string, Uint8Array>;
  /** Whether a ranker of this pipeline learns from examples, so `learn` and `forget` work. */
  readonly learns: boolean;
  /**
   * Teaches the pipeline's learned rankers that these tools served (or, `helpful: false`, did not
   * serve) these requests. Each example must name a tool in the catalogue; a bad one is an
   * `InvalidArgumentError` and none of the batch is learnt.
   */
  learn(examples: readonly ToolExample[], options?: CallOptions): Promise<void>;
  /** Forgets learnt examples for good (a user's data); resolves to how many were dropped. */
  forget(selector: ExampleSelector, options?: CallOptions): Promise<number>;
  /** Releases what rankers and the packer hold (WASM encoders, native memory). */
  dispose(): void;
}

export interface PickerParts {
  readonly rankers: readonly RankerV1[];
  readonly fusion: FusionV1 | undefined;
  readonly packer: PackerV1 | undefined;
  readonly overFetch: number;
}

/** Builds a picker over indexes that are already built, one per ranker. */
export function createPicker<Original>(
  parts: PickerParts,
  catalogue: readonly Tool<Original>[],
  indexes: RankerIndexV1[],
  /** The catalogue's name map when it came from `toCatalogue`: shared, so copied before any change. */
  names?: ReadonlyMap<string, Tool<Original>>,
): Picker<Original> {
  const { rankers, fusion, packer } = parts;
  /**
   * The committed catalogue. Never mutated: a mutation builds the next map and swaps it in only
   * once every ranker (and the packer) took the change, so a select reads one consistent view.
   */
  let byName = (names as Map<string, Tool<Original>> | undefined) ?? new Map();
  if (!names) for (const tool of catalogue) byName.set(tool.name, tool);
  /** Whether `byName` is still the shared map of a `toCatalogue` catalogue. */
  let shared = names !== undefined;
  /**
   * Selects in flight, each holding `byName` as its view. With none, a mutation updates the map
   * in place instead of copying it (an O(catalogue) copy and as much garbage per add).
   */
  let viewsHeld = 0;
  /** The committed catalogue with `change` applied: in place when no select holds it. */
  const commit = (change: (map: Map<string, Tool<Original>>) => void): void => {
    if (viewsHeld === 0 && !shared) {
      change(byName);
      return;
    }
    const next = new Map(byName);
    change(next);
    byName = next;
    shared = false;
  };
  /** The catalogue after a change, for rankers rebuilt rather than changed in place (a copy only when one is). */
  const nextCatalogue = (
    inPlace: boolean,
    change: (map: Map<string, Tool<Original>>) => void,
  ): ReadonlyMap<string, Tool<Original>> => {
    if (inPlace) return byName;
    const next = new Map(byName);
    change(next);
    return next;
  };
  /** Mutations begun so far and mutations under way: a select that overlaps one tolerates its names. */
  let mutationsBegun = 0;
  let mutationsRunning = 0;
  /** Set when a failed mutation could not be undone; every later call reports it. */
  let broken: PluginError | undefined;
  /** Mutations run one at a time so rankers never see interleaved adds and removes. */
  let mutations: Promise<unknown> = Promise.resolve();
  const serialise = <T>(work: () => Promise<T>): Promise<T> => {
    const guarded = async (): Promise<T> => {
      if (broken) throw broken;
      mutationsBegun++;
      mutationsRunning++;
      try {
        return await work();
      } finally {
        mutationsRunning--;
      }
    };
    const run = mutations.then(guarded, guarded);
    mutations = run.catch(() => undefined);
    return run;
  };

  const rankings = async (
    query: string,
    limit: number,
    signal: AbortSignal | undefined,
    only?: NameFilter,
  ): Promise<SourceRanking[]> => {
    const options = only ? { limit, signal, only } : { limit, signal };
    const rank = (ranker: RankerV1, i: number) =>
      callPlugin(ranker.id, 'rank', () => indexes[i]!.doRank(query, options), signal);
    if (rankers.length === 1) {
      return [{ rankerId: rankers[0]!.id, ranking: await rank(rankers[0]!, 0) }];
    }
    const results = await Promise.all(rankers.map(rank));
    return rankers.map((ranker, i) => ({ rankerId: ranker.id, ranking: results[i]! }));
  };

  /** Who produced the fused ranking, named when it returns a tool outside the catalogue. */
  const fusedBy = fusion && rankers.length > 1 ? fusion.id : rankers[0]!.id;
  /** Fewest tools asked of each ranker: the fusion's `minDepth` when it fuses several. */
  const minDepth = fusion && rankers.length > 1 ? (fusion.minDepth ?? 0) : 0;

  /** Several rankings need the fusion; a single ranking is already in order. */
  const fuse = (
    sources: SourceRanking[],
    limit: number,
    signal: AbortSignal | undefined,
  ): Promise<readonly RankedTool[] | readonly FusedTool[]> | readonly RankedTool[] =>
    sources.length === 1
      ? sources[0]!.ranking.slice(0, limit)
      : callPlugin(fusion!.id, 'fuse', () => fusion!.doFuse(sources, { limit }), signal);

  /**
   * Ranks and fuses within a scope: the rankers rank the whole catalogue (or, without a fusion
   * head, just the scope, when they can), the fused tools outside it are dropped, and the rankers
   * are asked 4× deeper until `wanted` tools remain or none has more. The fused order does not
   * depend on depth (a head fusion's prefix property), so this is the full ranking, filtered.
   */
  const fuseWithin = async (
    query: string,
    depth: number,
    wanted: number,
    only: NameFilter,
    size: number,
    signal: AbortSignal | undefined,
  ): Promise<{ sources: SourceRanking[]; fused: readonly (RankedTool | FusedTool)[] }> => {
    const rankerOnly = minDepth > 0 ? undefined : only;
    for (let reach = depth; ; reach = Math.min(size, reach * 4)) {
      const sources = await rankings(query, reach, signal, rankerOnly);
      let fetched = 0;
      for (const source of sources) fetched += source.ranking.length;
      const kept = (await fuse(sources, fetched, signal)).filter((entry) => only.has(entry.name));
      const more = reach < size && sources.some((source) => source.ranking.length >= reach);
      if (kept.length >= wanted || !more) return { sources, fused: kept.slice(0, wanted) };
    }
  };

  /** A fresh index of `tools` for ranker `i`, not yet swapped in. */
  const buildIndex = (i: number, tools: readonly Tool[], options?: LongCallOptions) =>
    callPlugin(rankers[i]!.id, 'index', () => rankers[i]!.doIndex(tools, options));

  const swapIndex = (i: number, next: RankerIndexV1): void => {
    indexes[i]!.doDispose?.();
    indexes[i] = next;
  };

  /**
   * Applies one change to every ranker, all or nothing: an incremental ranker runs `forward`, the
   * others are rebuilt from `next` and swapped in only when every ranker succeeded. On a failure
   * each ranker is put back (by `undo`, or rebuilt from the committed catalogue) and the error
   * rethrown, so the catalogue and every index still agree.
   */
  const applyEverywhere = async (
    next: ReadonlyMap<string, Tool<Original>>,
    what: string,
    forward: (index: RankerIndexV1) => (() => Promise<void>) | undefined,
    undo: (index: RankerIndexV1, failed: boolean) => (() => Promise<void>) | undefined,
    options: LongCallOptions | undefined,
  ): Promise<void> => {
    const staged: (RankerIndexV1 | undefined)[] = new Array(rankers.length);
    const inPlace: boolean[] = new Array(rankers.length).fill(false);
    const outcomes = await Promise.allSettled(
      rankers.map(async (ranker, i) => {
        const step = forward(indexes[i]!);
        if (step) {
          inPlace[i] = true;
          await callPlugin(ranker.id, what, step);
        } else {
          staged[i] = await buildIndex(i, [...next.values()], options);
        }
      }),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (!failure) {
      staged.forEach((index, i) => {
        if (index) swapIndex(i, index);
      });
      return;
    }
    for (const index of staged) index?.doDispose?.();
    const committed = [...byName.values()];
    await Promise.all(
      rankers.map(async (ranker, i) => {
        if (!inPlace[i]) return;
        const failed = outcomes[i]!.status === 'rejected';
        const step = undo(indexes[i]!, failed);
        try {
          if (step) await callPlugin(ranker.id, `undo ${what}`, step);
          else swapIndex(i, await buildIndex(i, committed));
        } catch (error) {
          try {
            swapIndex(i, await buildIndex(i, committed));
          } catch {
            broken = new PluginError({
              pluginId: ranker.id,
              message: `${ranker.id} failed to ${what} and could not be put back (${
                error instanceof Error ? error.message : String(error)
              }); its index no longer matches the catalogue, index the tools again with pipe().index()`,
              cause: error,
            });
          }
        }
      }),
    );
    throw (failure as PromiseRejectedResult).reason;
  };

  /** Positions of the indexes that learn; a typed error naming the fix when there are none. */
  const learningIndexes = (what: 'learn' | 'forget'): number[] => {
    const found: number[] = [];
    indexes.forEach((index, i) => {
      if (what === 'learn' ? index.doLearn : index.doForget) found.push(i);
    });
    if (found.length === 0) {
      throw new InvalidArgumentError({
        argument: `${what}()`,
        expected: 'a pipeline with a learned ranker',
        message: `${what}(): no ranker of this pipeline (${rankers.map((r) => r.id).join(', ')}) learns from examples; use lexical({ examples: memoryExampleStore() }) or add learned({ store }) from @shortlist/learn`,
      });
    }
    return found;
  };

  /** One select over the view of the catalogue it starts with. */
  const selectOnce = async (
    query: string,
    options: SelectOptions,
  ): Promise<Selection<Original>> => {
    checkOptions(options, 'select(options)');
    if (broken) throw broken;
    // One view of the catalogue for the whole select, whatever add() or remove() do meanwhile.
    const view = byName;
    const begun = mutationsBegun;
    const quiet = mutationsRunning === 0;
    const asked = checkLimit(options.limit ?? 5, 'select(options.limit)');
    const overFetch = options.overFetch ?? parts.overFetch;
    if (typeof overFetch !== 'number' || !(overFetch >= 1) || !Number.isFinite(overFetch)) {
      throw new InvalidArgumentError({
        argument: 'select(options.overFetch)',
        expected: 'a finite number ≥ 1',
        message: `select(options.overFetch) must be a finite number ≥ 1, got ${String(overFetch)}`,
      });
    }
    if (typeof query !== 'string') {
      throw new InvalidArgumentError({
        argument: 'select(query)',
        expected: 'a string',
        message: `select(query) must be a string, got ${query === null ? 'null' : typeof query}`,
      });
    }
    const { signal } = options;
    const only =
      options.only === undefined ? undefined : scopeFilter(options.only, (name) => view.get(name));
    throwIfAborted(signal);
    if (query.trim() === '' || view.size === 0) {
      return { query, tools: [], originals: [], picks: [], dropped: [] };
    }
    // The query-length policy: no ranker sees more than MAX_QUERY_CHARACTERS / MAX_QUERY_WORDS.
    const capped = capQuery(query);
    // The limit policy: any positive integer is accepted; no stage is asked for more tools
    // than the catalogue holds nor MAX_SELECT_DEPTH, nor a packer offered more than MAX_PACK_CANDIDATES.
    const limit = selectLimit(asked, view.size);
    const depth = selectDepth(limit, overFetch, view.size, packer !== undefined);
    // A fusion with a fixed head sees at least that much of every ranking, whatever the limit.
    const rankDepth = Math.max(depth, Math.min(minDepth, view.size));
    const wanted = packer ? depth : limit;
    let sources: SourceRanking[];
    let fused: readonly (RankedTool | FusedTool)[];
    if (only) {
      ({ sources, fused } = await fuseWithin(
        capped.query,
        rankDepth,
        wanted,
        only,
        view.size,
        signal,
      ));
    } else {
      sources = await rankings(capped.query, rankDepth, signal);
      fused = await fuse(sources, wanted, signal);
    }
    const abstained = abstentionReason(fusion, sources);
    if (abstained !== undefined) {
      return withTruncation(
        abstainedSelection<Original>(query, abstained, packer !== undefined),
        capped.truncated,
      );
    }
    if (!quiet || begun !== mutationsBegun) {
      // A mutation overlapped: rankers may name tools added after this select began.
      fused = fused.filter((entry) => view.has(entry.name));
    }
    if (!packer) {
      return withTruncation(
        plainSelection(query, fused, sources[0]!.rankerId, view, fusedBy),
        capped.truncated,
      );
    }
    const lookUp = (name: string): Tool<Original> => toolFor(view, name, fusedBy);
    const candidates: LazyCandidate<Original>[] = [];
    for (let i = 0; i < fused.length; i++) {
      candidates.push(new LazyCandidate(fused[i]!.name, fused[i]!.score, i + 1, lookUp));
    }
    const packing = callPlugin(
      packer.id,
      'pack',
      () => packer.doPack(candidates, { limit, signal }),
      signal,
    );
    const packed = packing instanceof Promise ? await packing : packing;
    return withTruncation(
      packedSelection(query, fused, candidates, packed, sources[0]!.rankerId, packer.id),
      capped.truncated,
    );
  };

  return {
    get size() {
      return byName.size;
    },
    ...(packer ? { maxTokens: packer.maxTokens } : {}),
    tools: () => [...byName.values()],
    get: (name) => byName.get(name),

    async rankings(query, options) {
      checkOptions(options, 'rankings(options)');
      if (broken) throw broken;
      const view = byName;
      const limit = selectLimit(checkLimit(options?.limit, 'rankings(options.limit)'), view.size);
      throwIfAborted(options.signal);
      if (typeof query !== 'string' || query.trim() === '' || limit === 0) {
        return rankers.map((ranker) => ({ rankerId: ranker.id, ranking: [] }));
      }
      return rankings(capQuery(query).query, limit, options.signal);
    },

    async select(query, options = {}) {
      viewsHeld++;
      try {
        return await selectOnce(query, options);
      } finally {
        viewsHeld--;
      }
    },

    add(input, options) {
      return serialise(async () => {
        throwIfAborted(options?.signal);
        const added = toTools(input) as Tool<Original>[];
        for (const tool of added) {
          if (byName.has(tool.name)) {
            throw new InvalidArgumentError({
              argument: 'add(tools)',
              expected: 'tools whose names are not in the catalogue yet',
              message: `add(): a tool named "${tool.name}" is already in the catalogue; remove it first to replace it`,
            });
          }
        }
        if (added.length === 0) return;
        const addAll = (map: Map<string, Tool<Original>>) => {
          for (const tool of added) map.set(tool.name, tool);
        };
        const next = nextCatalogue(
          indexes.every((index) => index.doAdd),
          addAll,
        );
        const names = added.map((tool) => tool.name);
        const removeAdded = (index: RankerIndexV1) =>
          index.doRemove ? () => index.doRemove!(names) : undefined;
        await applyEverywhere(
          next,
          'add tools',
          (index) => (index.doAdd ? () => index.doAdd!(added, options) : undefined),
          removeAdded,
          options,
        );
        if (packer?.doPrepare) {
          try {
            await callPlugin(packer.id, 'prepare', () => packer.doPrepare!(added, options));
          } catch (error) {
            // Take the tools back out of every ranker so the retry is not refused as a duplicate.
            await applyEverywhere(byName, 'remove tools', removeAdded, () => undefined, undefined);
            throw error;
          }
        }
        commit(addAll);
      });
    },

    remove(names, options) {
      return serialise(async () => {
        throwIfAborted(options?.signal);
        if (!Array.isArray(names)) {
          throw new InvalidArgumentError({
            argument: 'remove(names)',
            expected: 'an array of tool names',
            message: 'remove(names) takes an array of tool names',
          });
        }
        const present = [...new Set(names.filter((name) => byName.has(name)))];
        if (present.length === 0) return;
        const removed = present.map((name) => byName.get(name)!);
        const removeAll = (map: Map<string, Tool<Original>>) => {
          for (const name of present) map.delete(name);
        };
        const next = nextCatalogue(
          indexes.every((index) => index.doRemove),
          removeAll,
        );
        await applyEverywhere(
          next,
          'remove tools',
          (index) => (index.doRemove ? () => index.doRemove!(present, options) : undefined),
          // A ranker that failed part-way is rebuilt; one that removed them all takes them back.
          (index, failed) => (!failed && index.doAdd ? () => index.doAdd!(removed) : undefined),
          options,
        );
        commit(removeAll);
      });
    },

    get learns() {
      return indexes.some((index) => index.doLearn);
    },

    async learn(examples, options) {
      checkOptions(options, 'learn(options)');
      if (broken) throw broken;
      const learners = learningIndexes('learn');
      const checked = checkExamples(examples, 'learn(examples)', (tool) => byName.has(tool));
      throwIfAborted(options?.signal);
      if (checked.length === 0) return;
      await Promise.all(
        learners.map((i) =>
          callPlugin(
            rankers[i]!.id,
            'learn',
            () => indexes[i]!.doLearn!(checked, options),
            options?.signal,
          ),
        ),
      );
    },

    async forget(selector, options) {
      checkOptions(options, 'forget(options)');
      const learners = learningIndexes('forget');
      const checked = checkSelector(selector, 'forget(selector)');
      throwIfAborted(options?.signal);
      const dropped = await Promise.all(
        learners.map((i) =>
          callPlugin(
            rankers[i]!.id,
            'forget',
            () => indexes[i]!.doForget!(checked, options),
            options?.signal,
          ),
        ),
      );
      return Math.max(0, ...dropped);
    },

    snapshot() {
      const snapshots: Record<string, Uint8Array> = {};
      let digest: readonly [number, number] | undefined;
      rankers.forEach((ranker, i) => {
        const snapshot = indexes[i]!.doSnapshot?.();
        if (!snapshot) return;
        digest ??= catalogueDigest([...byName.values()]);
        snapshots[ranker.id] = stampSnapshot(digest, snapshot);
      });
      return snapshots;
    },

    dispose() {
      for (const index of indexes) index.doDispose?.();
      packer?.doDispose?.();
    },
  };
}
