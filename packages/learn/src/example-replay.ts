import type { ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import { exampleKey, exampleMatches } from '@shortlist/core/kit';
import type { LogRecord } from './example-log-format.js';

/** A store's bounds: most examples kept, and how old one may be (undefined: no age bound). */
export interface ReplayBounds {
  readonly maxExamples: number;
  readonly maxAgeMs: number | undefined;
}

/**
 * The live examples a log's records leave, oldest first, built by applying them in file order:
 * a repeat replaces the example it repeats, a tombstone forgets what it selects, and the oldest
 * go beyond `maxExamples`. Every process applying the same records with the same bounds ends
 * with the same examples; the changes it reports are those `memoryExampleStore()` would.
 */
export interface ExampleReplay {
  readonly kept: Map<string, ToolExample>;
  /**
   * Applies records in order, telling `tell` the changes. Returns, per record, how many
   * examples a tombstone forgot (0 for other records).
   */
  apply(records: readonly LogRecord[], tell: (change: ExampleChange) => void): number[];
  /** Drops examples older than `maxAgeMs`, telling `tell`. */
  expire(now: number, tell: (change: ExampleChange) => void): void;
}

export function createExampleReplay(bounds: ReplayBounds): ExampleReplay {
  const kept = new Map<string, ToolExample>();

  return {
    kept,
    apply(records, tell) {
      const forgotten: number[] = [];
      let added: ToolExample[] = [];
      let replaced: ToolExample[] = [];
      const flush = (): void => {
        if (replaced.length > 0) tell({ type: 'dropped', examples: replaced });
        if (added.length > 0) tell({ type: 'added', examples: added });
        added = [];
        replaced = [];
        const trimmed: ToolExample[] = [];
        for (const [key, example] of kept) {
          if (kept.size <= bounds.maxExamples) break;
          kept.delete(key);
          trimmed.push(example);
        }
        if (trimmed.length > 0) tell({ type: 'dropped', examples: trimmed });
      };
      for (const record of records) {
        forgotten.push(0);
        if ('add' in record) {
          const key = exampleKey(record.add);
          const repeat = kept.get(key);
          if (repeat) {
            kept.delete(key); // a repeat moves to the newest place
            replaced.push(repeat);
          }
          kept.set(key, record.add);
          added.push(record.add);
        } else if ('forget' in record) {
          flush();
          let count = 0;
          for (const [key, example] of kept) {
            if (!exampleMatches(example, record.forget)) continue;
            kept.delete(key);
            count++;
          }
          forgotten[forgotten.length - 1] = count;
          tell({ type: 'forgot', selector: record.forget });
        }
      }
      flush();
      return forgotten;
    },
    expire(now, tell) {
      if (bounds.maxAgeMs === undefined) return;
      const oldest = now - bounds.maxAgeMs;
      const expired: ToolExample[] = [];
      for (const [key, example] of kept) {
        if ((example.at ?? now) >= oldest) continue;
        kept.delete(key);
        expired.push(example);
      }
      if (expired.length > 0) tell({ type: 'dropped', examples: expired });
    },
  };
}
