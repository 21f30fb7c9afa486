import type { FusedTool, SourceRanking } from '../spec/fusion-v1.js';
import type { RankedTool } from '../spec/ranker-v1.js';
import type { Tool } from '../tools/tool.js';
import { throwIfAborted } from '../util/abort.js';
import {
  abstainedSelection,
  abstentionReason,
  confidenceOf,
  lowConfidenceReason,
} from './abstention.js';
import {
  packedSelection,
  plainSelection,
  toolFor,
  withConfidence,
  withTruncation,
} from './build-selection.js';
import { callPlugin } from './call-plugin.js';
import type { CatalogueView } from './catalogue-view.js';
import { LazyCandidate } from './lazy-candidate.js';
import { type LearnerStage, learnedRanking } from './learner-stage.js';
import { selectDepth, selectLimit } from './limit-policy.js';
import type { MutationLine } from './mutation-line.js';
import type { Picker, PickerParts, SelectOptions } from './picker.js';
import { capQuery } from './query-length.js';
import type { RankAndFuse } from './rank-and-fuse.js';
import {
  checkAbstain,
  checkLimit,
  checkOptions,
  checkOverFetch,
  checkQuery,
  checkSource,
} from './select-options.js';
import type { Selection } from './selection.js';
import { scopeFilter } from './tool-scope.js';

/**
 * Fused tools a fusion's `doConfidence` reads: the first of the unscoped fusion, whatever the
 * select's `limit` and `only`, so the confidence (and a bar on it) belongs to the request and the
 * catalogue and the first L picks at `limit: L` stay the first L at any larger limit.
 */
const CONFIDENCE_HEAD = 10;

/**
 * The picker's reads: `select` (the query and limit policies, ranking and fusion, the `only`
 * scope, abstention, packing) and `rankings`, each over the one view of the catalogue it began with.
 */
export function pickerSelect<Original>(
  parts: PickerParts,
  ranking: RankAndFuse,
  view: CatalogueView<Original>,
  line: MutationLine,
  learner?: LearnerStage,
): Pick<Picker<Original>, 'select' | 'rankings'> {
  const { fusion, packer } = parts;
  const { fusedBy } = ranking;
  // A fusion or a learner with a fixed head sees at least that much of every ranking.
  const minDepth = Math.max(ranking.minDepth, parts.learner?.minDepth ?? 0);

  /** One select over the view of the catalogue it starts with. */
  const selectOnce = async (
    query: string,
    options: SelectOptions,
  ): Promise<Selection<Original>> => {
    checkOptions(options, 'select(options)');
    if (line.broken) throw line.broken;
    // One view of the catalogue for the whole select, whatever add() or remove() do meanwhile.
    const held = view.current;
    const begun = line.begun;
    const quiet = line.running === 0;
    const asked = checkLimit(options.limit ?? 5, 'select(options.limit)');
    const overFetch = checkOverFetch(
      options.overFetch ?? parts.overFetch,
      'select(options.overFetch)',
    );
    checkQuery(query, 'select(query)');
    const abstain = checkAbstain(options.abstain, 'select(options.abstain)');
    const { signal } = options;
    const only =
      options.only === undefined ? undefined : scopeFilter(options.only, (name) => held.get(name));
    throwIfAborted(signal);
    if (query.trim() === '' || held.size === 0) {
      return { query, tools: [], originals: [], picks: [], dropped: [] };
    }
    // The query-length policy: no ranker sees more than MAX_QUERY_CHARACTERS / MAX_QUERY_WORDS.
    const capped = capQuery(query);
    // The limit policy: any positive integer is accepted; no stage is asked for more tools
    // than the catalogue holds nor MAX_SELECT_DEPTH, nor a packer offered more than MAX_PACK_CANDIDATES.
    const limit = selectLimit(asked, held.size);
    const depth = selectDepth(limit, overFetch, held.size, packer !== undefined);
    // A fusion with a fixed head sees at least that much of every ranking, whatever the limit.
    const rankDepth = Math.max(depth, Math.min(minDepth, held.size));
    const wanted = packer ? depth : limit;
    const judges = fusion?.doConfidence !== undefined;
    let sources: SourceRanking[];
    let fused: readonly (RankedTool | FusedTool)[];
    let fuseTo: (depth: number) => Promise<readonly (RankedTool | FusedTool)[]>;
    /** The unscoped fusion's head the confidence reads; undefined without a `doConfidence`. */
    let head: readonly (RankedTool | FusedTool)[] | undefined;
    if (only) {
      ({ sources, fused } = await ranking.fuseWithin(
        capped.query,
        rankDepth,
        wanted,
        only,
        held.size,
        signal,
      ));
      const first = fused;
      fuseTo = async (deep) =>
        deep <= wanted
          ? first.slice(0, deep)
          : (await ranking.fuseWithin(capped.query, rankDepth, deep, only, held.size, signal))
              .fused;
      if (judges && sources.length > 1) {
        // A head fusion's scoped rankings hold each ranker's unscoped head; others are asked again.
        const whole =
          ranking.minDepth > 0
            ? sources
            : await ranking.rank(capped.query, Math.max(rankDepth, CONFIDENCE_HEAD), signal);
        head = await ranking.fuse(whole, CONFIDENCE_HEAD, signal);
      }
    } else {
      sources = await ranking.rank(capped.query, rankDepth, signal);
      const ranked = sources;
      // One fusion serves the confidence's head and the picks (the learner's too): a shallower
      // depth is its prefix.
      let deepest: readonly (RankedTool | FusedTool)[] = [];
      let fusedTo = 0;
      fuseTo = async (deep) => {
        if (deep > fusedTo) {
          deepest = await ranking.fuse(ranked, deep, signal);
          fusedTo = deep;
        }
        return deepest.length > deep ? deepest.slice(0, deep) : deepest;
      };
      if (judges && sources.length > 1) {
        // As deep as the picks (and a learner's usual call) need, so the fusion runs once.
        head = await fuseTo(Math.max(CONFIDENCE_HEAD, wanted));
      }
      fused = learner ? [] : await fuseTo(wanted);
    }
    let vouched = false;
    let unlearnt: string | undefined;
    if (learner) {
      const learnt = await learnedRanking(
        learner,
        capped.query,
        sources,
        wanted,
        fuseTo,
        signal,
        only,
        checkSource(options.source),
      );
      fused = learnt.tools.filter((entry) => held.has(entry.name));
      vouched = learnt.vouches;
      unlearnt = learnt.abstained;
    }
    if (!quiet || begun !== line.begun) {
      // A mutation overlapped: rankers may name tools added after this select began.
      fused = fused.filter((entry) => held.has(entry.name));
    }
    const confidence =
      head === undefined
        ? undefined
        : confidenceOf(
            fusion,
            capped.query,
            sources,
            head.filter((entry) => held.has(entry.name)).slice(0, CONFIDENCE_HEAD) as FusedTool[],
            (name) => held.get(name),
          );
    // What was learnt speaks first: a request it vouches for is answered, one whose offered
    // tools were all refused is not; else the fusion's rule, then the confidence bar.
    const abstained =
      abstain === 'never'
        ? undefined
        : (unlearnt ??
          (vouched
            ? undefined
            : (abstentionReason(fusion, sources) ??
              lowConfidenceReason(confidence, abstain ?? fusion?.abstainBelow, fused[0]?.name))));
    if (abstained !== undefined) {
      return withTruncation(
        abstainedSelection<Original>(query, abstained, packer !== undefined, fused, confidence),
        capped.truncated,
      );
    }
    if (!packer) {
      return withTruncation(
        withConfidence(
          plainSelection(query, fused, sources[0]!.rankerId, held, learner?.id ?? fusedBy),
          confidence,
        ),
        capped.truncated,
      );
    }
    const lookUp = (name: string): Tool<Original> => toolFor(held, name, fusedBy);
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
      withConfidence(
        packedSelection(query, fused, candidates, packed, sources[0]!.rankerId, packer.id),
        confidence,
      ),
      capped.truncated,
    );
  };

  return {
    async rankings(query, options) {
      checkOptions(options, 'rankings(options)');
      if (line.broken) throw line.broken;
      const held = view.current;
      const limit = selectLimit(checkLimit(options?.limit, 'rankings(options.limit)'), held.size);
      throwIfAborted(options.signal);
      if (typeof query !== 'string' || query.trim() === '' || limit === 0) {
        return parts.rankers.map((ranker) => ({ rankerId: ranker.id, ranking: [] }));
      }
      return ranking.rank(capQuery(query).query, limit, options.signal);
    },

    select: (query, options = {}) => view.hold(() => selectOnce(query, options)),
  };
}
