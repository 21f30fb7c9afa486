import type { Tool } from '@shortlist/core';

/** One query of a dataset and the tools that answer it. */
export interface DatasetQuery {
  readonly id: string;
  readonly query: string;
  /** Tool names (dataset ids) that answer the query; never empty. */
  readonly relevant: readonly string[];
  /** A lenient relevance set when the dataset has one (BFCL: every tool sharing a relevant name). */
  readonly relevantAnyVariant?: readonly string[];
  /** `train` or `test` when the dataset is split (MetaTool). */
  readonly split?: string;
  /** Category for per-group figures: the query id without its trailing number (`simple_python`). */
  readonly group?: string;
}

/** A tool pool and the queries to rank it for, as `loadDataset` returns it. */
export interface Dataset {
  /** The folder's name: `bfcl`, `metatool`. */
  readonly name: string;
  /** Canonical tools; each tool's name is the dataset id, its title the original name when different. */
  readonly tools: readonly Tool[];
  readonly queries: readonly DatasetQuery[];
}
