import type { ExampleSelector, ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import {
  createExampleIndex,
  createFairBound,
  exampleKey,
  exampleMatches,
} from '@shortlist/core/kit';
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
  const keys = createExampleIndex<string>();
  const bound = createFairBound();
  const keep = (key: string, example: ToolExample): void => {
    kept.set(key, example);
    keys.add(key, example);
    bound.add(key, example.source, example.tool);
  };
  const unkeep = (key: string, example: ToolExample): void => {
    kept.delete(key);
    keys.delete(key, example);
    bound.delete(key);
  };
  /** The keys a tombstone selects: looked up for a tool or a query, so opening stays linear. */
  const selected = (selector: ExampleSelector): Iterable<string> => {
    const found = keys.lookUp(selector);
    if (found) return found;
    const matched: string[] = [];
    for (const [key, example] of kept) if (exampleMatches(example, selector)) matched.push(key);
    return matched;
  };

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
        while (kept.size > bounds.maxExamples) {
          const key = bound.victim()!;
          const example = kept.get(key)!;
          unkeep(key, example);
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
            unkeep(key, repeat); // a repeat moves to the newest place
            replaced.push(repeat);
          }
          keep(key, record.add);
          added.push(record.add);
        } else if ('forget' in record) {
          flush();
          let count = 0;
          for (const key of selected(record.forget)) {
            unkeep(key, kept.get(key)!);
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
        unkeep(key, example);
        expired.push(example);
      }
      if (expired.length > 0) tell({ type: 'dropped', examples: expired });
    },
  };
}
