import type { ExampleSelector, ExampleStore, ToolExample } from '@shortlist/core';
import type { CallOptions } from '@shortlist/core/kit';

/** Options of `fileExampleStore()`. */
export interface FileExampleStoreOptions {
  /** Most examples kept; the oldest go first. Processes sharing a file should agree on it. @default 100000 */
  readonly maxExamples?: number;
  /** Examples older than this (by their `at`) are dropped, in ms. @default no age bound */
  readonly maxAgeMs?: number;
  /** How often the file is checked for other processes' changes, in ms. @default 250 */
  readonly pollMs?: number;
  /** Flush each append to disk (`fsync`) before it resolves, so a power loss keeps it. @default true */
  readonly fsync?: boolean;
  /** Told about damaged lines skipped and background failures. @default console.warn */
  readonly onWarning?: (message: string) => void;
}

/** An `ExampleStore` in an append-only file that several processes may share. */
export interface FileExampleStore extends Required<ExampleStore> {
  readonly path: string;
  /** Appends the examples; resolves once they are in the file and this process's subscribers heard. */
  addExamples(examples: readonly ToolExample[], options?: CallOptions): Promise<void>;
  /** Every live example, oldest first, after reading what other processes appended. */
  readExamples(options?: CallOptions): Promise<readonly ToolExample[]>;
  /** Appends a tombstone; resolves to how many examples it dropped. Compact to erase them from disk. */
  forgetExamples(selector: ExampleSelector, options?: CallOptions): Promise<number>;
  /**
   * Rewrites the file with only the live examples, now rather than when dead records pile up:
   * forget, then compact, to erase examples from the file.
   */
  compact(): Promise<void>;
  /** Stops polling and closes the file; the store is unusable afterwards. */
  close(): Promise<void>;
}
