import type { ExampleSelector, ToolExample } from '../learning/tool-example.js';
import { snapshotIndexes } from '../snapshot/picker-snapshot.js';
import type { CallOptions, LongCallOptions } from '../spec/call-options.js';
import type { FusionV1, SourceRanking } from '../spec/fusion-v1.js';
import type { LearnerIndexV1, LearnerV1 } from '../spec/learner-v1.js';
import type { PackerV1 } from '../spec/packer-v1.js';
import type { RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import type { Tool } from '../tools/tool.js';
import { allOrNothing } from './all-or-nothing.js';
import { catalogueMutations } from './catalogue-mutations.js';
import { catalogueView } from './catalogue-view.js';
import type { LearnerStage } from './learner-stage.js';
import { mutationLine } from './mutation-line.js';
import { pickerLearning } from './picker-learning.js';
import { pickerSelect } from './picker-select.js';
import { rankAndFuse } from './rank-and-fuse.js';
import type { Selection } from './selection.js';
import type { ToolScope } from './tool-scope.js';

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
  /**
   * Who asks (a user, client or session id), for learning: examples taught under the same
   * `source` are this asker's own history; others' count once per tool. @default the one anonymous source
   */
  readonly source?: string;
  /**
   * When to answer "no tool fits" instead of picking: `'never'`, or the `confidence.first` (0 to
   * 1) below which to abstain. @default the pipeline's own (`lexical()`: chosen on its benchmark)
   */
  readonly abstain?: 'never' | number;
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
  /** Whether this pipeline learns from examples (it has a learner), so `learn` and `forget` work. */
  readonly learns: boolean;
  /**
   * Teaches the pipeline that these tools served (or, `helpful: false`, did not serve) these
   * requests: the one door to learning, for users, adapters and the gateway alike. Each example
   * must name a tool in the catalogue; a bad one is an `InvalidArgumentError` and none of the
   * batch is learnt.
   */
  learn(examples: readonly ToolExample[], options?: CallOptions): Promise<void>;
  /** Forgets learnt examples for good (a user's data); resolves to how many were dropped. */
  forget(selector: ExampleSelector, options?: CallOptions): Promise<number>;
  /** Releases what rankers and the packer hold (WASM encoders, native memory). */
  dispose(): void;
}

/** What a pipeline is made of, as `pipe()` hands it to the picker. */
export interface PickerParts {
  readonly rankers: readonly RankerV1[];
  readonly fusion: FusionV1 | undefined;
  readonly packer: PackerV1 | undefined;
  readonly learner?: LearnerV1 | undefined;
  readonly overFetch: number;
}

/**
 * Builds a picker over indexes that are already built, one per ranker: a composition of the
 * catalogue view, the mutation line, the all-or-nothing change, select and learning.
 */
export function createPicker<Original>(
  parts: PickerParts,
  catalogue: readonly Tool<Original>[],
  indexes: RankerIndexV1[],
  /** The catalogue's name map when it came from `toCatalogue`: shared, so copied before any change. */
  names?: ReadonlyMap<string, Tool<Original>>,
  /** The learner's index over this catalogue, when the pipeline learns. */
  learner?: LearnerIndexV1,
): Picker<Original> {
  const { rankers, packer } = parts;
  const stage: LearnerStage | undefined =
    learner && parts.learner ? { id: parts.learner.id, index: learner } : undefined;
  const view = catalogueView(catalogue, names);
  const line = mutationLine();
  const reads = pickerSelect(parts, rankAndFuse(parts, indexes), view, line, stage);
  const mutations = catalogueMutations(
    indexes,
    packer,
    view,
    line,
    allOrNothing(rankers, indexes, view, line),
    stage,
  );
  const learning = pickerLearning(rankers, indexes, view, line, stage);

  return {
    get size() {
      return view.current.size;
    },
    ...(packer ? { maxTokens: packer.maxTokens } : {}),
    tools: () => [...view.current.values()],
    get: (name) => view.current.get(name),
    rankings: reads.rankings,
    select: reads.select,
    add: mutations.add,
    remove: mutations.remove,
    get learns() {
      return learning.learns;
    },
    learn: learning.learn,
    forget: learning.forget,
    snapshot: () => snapshotIndexes(rankers, indexes, view.current),
    dispose() {
      for (const index of indexes) index.doDispose?.();
      learner?.doDispose?.();
      packer?.doDispose?.();
    },
  };
}
