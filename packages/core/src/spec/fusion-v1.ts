import type { Tool } from '../tools/tool.js';
import type { Awaitable } from './call-options.js';
import type { Ranking } from './ranker-v1.js';

/** One ranker's output, as the fusion receives it. */
export interface SourceRanking {
  readonly rankerId: string;
  readonly ranking: Ranking;
}

/** Where a source ranker put a tool: 1-based rank and its raw score. */
export interface SourcePlacement {
  readonly rank: number;
  readonly score: number;
}

/** A fused result that remembers how each source ranked it, so a selection can explain itself. */
export interface FusedTool {
  readonly name: string;
  readonly score: number;
  /** Keyed by ranker id; a ranker that did not return the tool is absent. */
  readonly sources: Readonly<Record<string, SourcePlacement>>;
}

export interface FuseOptions {
  readonly limit: number;
  /**
   * The tools a scoped select keeps (`select(query, { only })`); the pipeline drops the rest
   * whatever the fusion returns, so a fusion may ignore this, or use it to skip the work of
   * placing tools that cannot be picked. Scores of the tools it keeps must not change.
   */
  readonly only?: { has(name: string): boolean };
}

/** A pipeline's estimate, 0 to 1, that its picks hold a right tool for the request. */
export interface Confidence {
  /** That the first pick is a right tool. */
  readonly first: number;
  /** That a right tool is among the first five picks. */
  readonly top5: number;
}

/** What a fusion's `doConfidence` reads: the request, the rankings and the fused tools. */
export interface ConfidenceInput {
  /** The request as the rankers saw it (after the query-length cap). */
  readonly query: string;
  readonly rankings: readonly SourceRanking[];
  /**
   * The first ten tools of the unscoped fusion, best first, never empty: the same whatever the
   * select's `limit` and `only`, so a confidence read off them belongs to the request and catalogue.
   */
  readonly fused: readonly FusedTool[];
  /** The catalogue's tool of a name the rankings hold (its description, its MCP annotations). */
  tool(name: string): Tool | undefined;
}

/** Merges several rankings into one. Implement this to add a fusion to `.fuse()`. */
export interface FusionV1 {
  readonly specificationVersion: 'v1';
  readonly id: string;
  /**
   * Fewest tools the pipeline asks each ranker for, whatever a select's limit: a fusion that
   * normalises over a fixed head of each ranking sets it, so its order never depends on the limit.
   * Such a fusion places each entry at its `rank` when it has one: a scoped select then passes
   * rankings from `doPlace`, which skip the tools below the head that are out of scope.
   */
  readonly minDepth?: number;
  /**
   * Why no tool fits, when the rankings' evidence is too weak to pick any (a request in another
   * language, or about nothing the catalogue does); undefined to fuse as usual. The pipeline then
   * returns no picks and puts the reason in `Selection.abstained`. Optional: without it, never.
   */
  doAbstain?(rankings: readonly SourceRanking[]): string | undefined;
  /**
   * The probability that the fused first pick, and that the first five, hold a right tool,
   * calibrated on data the fusion's author states; carried as `Selection.confidence`. Optional.
   */
  doConfidence?(input: ConfidenceInput): Confidence;
  /**
   * The `confidence.first` below which a select abstains when its caller sets no `abstain`:
   * the pipeline's own default, chosen on its benchmark. Optional: without it, no threshold.
   */
  readonly abstainBelow?: number;
  /** Fuses rankings into at most `limit` tools, best first, ties by name. */
  doFuse(rankings: readonly SourceRanking[], options: FuseOptions): Awaitable<readonly FusedTool[]>;
}
