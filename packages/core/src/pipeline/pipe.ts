import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { catalogueDigest, readStamp } from '../snapshot/catalogue-stamp.js';
import { containerParts } from '../snapshot/container-parts.js';
import { snapshotToolNames } from '../snapshot/snapshot-tool-names.js';
import type { LongCallOptions } from '../spec/call-options.js';
import type { FusionV1 } from '../spec/fusion-v1.js';
import type { LearnerIndexV1, LearnerV1 } from '../spec/learner-v1.js';
import type { PackerV1 } from '../spec/packer-v1.js';
import type { RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import { catalogueNames } from '../tools/catalogue.js';
import { toTools } from '../tools/to-tools.js';
import type { Tool } from '../tools/tool.js';
import { throwIfAborted } from '../util/abort.js';
import { callPlugin } from './call-plugin.js';
import { checkFusion, checkLearner, checkPacker, checkRankers } from './check-plugin.js';
import { createPicker, type Picker, type PickerParts } from './picker.js';
import { checkOverFetch } from './select-options.js';

/** Element type of a tool input: an array's element, or an MCP `{ tools }` result's. */
export type ToolInput<Original> = readonly Original[] | { readonly tools: readonly Original[] };

/** Options of `restore`. */
export interface RestoreOptions extends LongCallOptions {
  /**
   * The caller already matched these snapshots to exactly these tools (as @shortlist/redis does
   * with a key holding a digest of the whole catalogue), so the per-tool digest check is skipped.
   * @default false
   */
  readonly catalogueVerified?: boolean;
}

/** An immutable pipeline description; every method returns a new pipeline. */
export interface Pipeline {
  readonly rankers: readonly RankerV1[];
  readonly fusion: FusionV1 | undefined;
  readonly packer: PackerV1 | undefined;
  readonly learner: LearnerV1 | undefined;
  /** Fuses the rankers' results; required when there is more than one ranker. */
  fuse(fusion: FusionV1): Pipeline;
  /**
   * Learns from use: the learner moves the fused ranking as far as what `picker.learn()` taught
   * it warrants, before packing. `learned({ store })` from @shortlist/learn is one.
   */
  learn(learner: LearnerV1): Pipeline;
  /** Packs the fused candidates into a token budget. */
  pack(packer: PackerV1): Pipeline;
  /** Each ranker returns `limit × factor` candidates. @default 4 */
  overFetch(factor: number): Pipeline;
  /** Indexes tools already read (by `toTools` or an adapter); picks carry their originals. */
  index<Original>(
    tools: readonly Tool<Original>[],
    options?: LongCallOptions,
  ): Promise<Picker<Original>>;
  /** Indexes a catalogue in any format `toTools` accepts; rankers index concurrently. */
  index<Original>(tools: ToolInput<Original>, options?: LongCallOptions): Promise<Picker<Original>>;
  /**
   * Like `index`, but restores each ranker from its snapshot (from `picker.snapshot()`, or an
   * `encodePickerSnapshot` container of this pipeline's configuration) when it has one and
   * supports it, indexing the rest, and any whose snapshot was made from other tool texts
   * (detected by a digest of the catalogue the snapshot carries). A damaged or foreign
   * container throws `CorruptDataError`.
   */
  restore<Original>(
    tools: ToolInput<Original>,
    snapshots: Readonly<Record<string, Uint8Array>> | Uint8Array,
    options?: RestoreOptions,
  ): Promise<Picker<Original>>;
}

const DEFAULT_OVER_FETCH = 4;

function build(parts: PickerParts): Pipeline {
  const requireFusion = (): void => {
    if (parts.rankers.length === 0) {
      throw new InvalidArgumentError({
        argument: 'pipe(rankers)',
        expected: 'at least one ranker',
        message: 'pipe() needs at least one ranker, e.g. pipe(bm25())',
      });
    }
    if (parts.rankers.length > 1 && !parts.fusion) {
      const ids = parts.rankers.map((ranker) => ranker.id).join(', ');
      throw new InvalidArgumentError({
        argument: '.fuse(fusion)',
        expected: 'a fusion when there is more than one ranker',
        message: `pipe() has ${parts.rankers.length} rankers (${ids}) but no fusion; add one, e.g. .fuse(rrf()) from @shortlist/fusion`,
      });
    }
  };

  const open = async <Original>(
    input: ToolInput<Original>,
    options: LongCallOptions | undefined,
    makeIndex: (ranker: RankerV1, tools: readonly Tool[]) => Promise<RankerIndexV1>,
    restoring = false,
  ): Promise<Picker<Original>> => {
    requireFusion();
    throwIfAborted(options?.signal);
    // A catalogue from toCatalogue() is frozen and was checked when it was made.
    const names = catalogueNames<Original>(input);
    const tools = (names ? input : toTools(input)) as readonly Tool<Original>[];
    const indexes = await Promise.all(
      parts.rankers.map((ranker) =>
        callPlugin(ranker.id, 'index', () => makeIndex(ranker, tools), options?.signal),
      ),
    );
    const learner = parts.learner;
    let learnerIndex: LearnerIndexV1 | undefined;
    if (learner) {
      try {
        learnerIndex = await callPlugin(
          learner.id,
          'index',
          () => learner.doIndex(tools, options),
          options?.signal,
        );
      } catch (error) {
        for (const index of indexes) index.doDispose?.();
        throw error;
      }
    }
    if (parts.packer?.doPrepare) {
      const packer = parts.packer;
      await callPlugin(
        packer.id,
        'prepare',
        () => packer.doPrepare!(tools, restoring ? { ...options, restoring } : options),
        options?.signal,
      );
    }
    return createPicker(parts, tools, indexes, names, learnerIndex);
  };

  return {
    rankers: parts.rankers,
    fusion: parts.fusion,
    packer: parts.packer,
    learner: parts.learner,
    fuse: (fusion) => build({ ...parts, fusion: checkFusion(fusion) }),
    learn: (learner) => build({ ...parts, learner: checkLearner(learner) }),
    pack: (packer) => build({ ...parts, packer: checkPacker(packer) }),
    overFetch: (factor) =>
      build({ ...parts, overFetch: checkOverFetch(factor, 'overFetch(factor)') }),
    index: <Original>(input: ToolInput<Original>, options?: LongCallOptions) =>
      open(input, options, (ranker, tools) => ranker.doIndex(tools, options)),
    restore: async (input, given, options) => {
      let digest: readonly [number, number] | undefined;
      const snapshots = given instanceof Uint8Array ? containerParts(parts, given) : given;
      return open(
        input,
        options,
        (ranker, tools) => {
          const snapshot = snapshots?.[ranker.id];
          if (!(snapshot instanceof Uint8Array) || !ranker.doRestore) {
            return ranker.doIndex(tools, options);
          }
          const stamp = readStamp(snapshot);
          if (!stamp.digest && !options?.catalogueVerified)
            checkUnstamped(ranker.id, stamp.inner, tools);
          if (stamp.digest && !options?.catalogueVerified) {
            // A snapshot of other tool texts would rank by the old texts: index the new ones.
            if (stamp.stale) return ranker.doIndex(tools, options);
            digest ??= catalogueDigest(tools);
            if (stamp.digest[0] !== digest[0] || stamp.digest[1] !== digest[1]) {
              return ranker.doIndex(tools, options);
            }
          }
          return ranker.doRestore(stamp.inner, tools, options);
        },
        true,
      );
    },
  };
}

/**
 * An unstamped part (a ranker's own `doSnapshot`, or one made before parts were stamped) has no
 * digest to say it fits; where its names show another catalogue, it is refused, not restored.
 */
function checkUnstamped(id: string, snapshot: Uint8Array, tools: readonly Tool[]): void {
  const names = snapshotToolNames(snapshot);
  if (names === undefined) return;
  const absent = tools.find((tool) => !names.has(tool.name));
  if (names.size === tools.length && absent === undefined) return;
  throw new InvalidArgumentError({
    argument: `restore(snapshots.${id})`,
    expected: 'a snapshot of these tools, as picker.snapshot() stamps it',
    message: `restore(): the ${id} snapshot is unstamped (no catalogue digest) and was made for other tools (${names.size} in it, ${tools.length} given${absent ? `, "${absent.name}" not in it` : ''}); index the tools and store a new picker.snapshot()`,
  });
}

/**
 * Starts a retrieval pipeline from one or more rankers:
 * `pipe(bm25(), semantic({ embedder })).fuse(rrf()).pack(budget(4000)).index(tools)`.
 */
export function pipe(...rankers: RankerV1[]): Pipeline {
  return build({
    rankers: checkRankers(rankers),
    fusion: undefined,
    packer: undefined,
    learner: undefined,
    overFetch: DEFAULT_OVER_FETCH,
  });
}
