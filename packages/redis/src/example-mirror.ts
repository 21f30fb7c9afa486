import type { ExampleSelector, ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import {
  createExampleIndex,
  createFairBound,
  exampleKey,
  exampleMatches,
} from '@shortlist/core/kit';
import type { ExampleEntry } from './example-entries.js';
import { compareIds } from './stream-ids.js';

/**
 * A process's copy of the live examples of a stream, built by applying its entries in stream
 * order, so every process that applied the same entries holds the same examples. Each apply
 * returns the changes it made, for subscribers.
 */
export interface ExampleMirror {
  /**
   * Applies entries in order: an add replaces a repeat (same `exampleKey`), a forget drops its
   * matches, and past the bounds the oldest example of the heaviest source or tool goes.
   * Returns the ids of the entries of examples the bounds dropped, for the writer to delete.
   */
  apply(entries: readonly ExampleEntry[], tell: (change: ExampleChange) => void): string[];
  /**
   * Drops examples whose entries are all older than `firstId`, the stream's oldest entry: they
   * were trimmed away. `undefined` means the stream is empty: every example is gone.
   */
  trimBefore(firstId: string | undefined): ToolExample[];
  /** Drops examples learnt before `cutoff` (ms since the epoch). */
  expire(cutoff: number): ToolExample[];
  /** How many live examples `selector` matches, and the ids of every stream entry that added them. */
  matching(selector: ExampleSelector): { count: number; ids: string[] };
  /** Live examples, oldest first. */
  examples(): ToolExample[];
  /** Live examples with the id of the entry that last added each, in stream order. */
  entries(): { readonly id: string; readonly example: ToolExample }[];
}

/** What a mirror keeps: at most this many examples, and this many bytes of their text. */
export interface MirrorBounds {
  readonly maxExamples: number;
  readonly maxBytes: number;
}

/** An example's weight against `maxBytes`: its request, tool and source as stored (UTF-8). */
const bytesOf = (example: ToolExample): number =>
  Buffer.byteLength(example.query) +
  Buffer.byteLength(example.tool) +
  (example.source === undefined ? 0 : Buffer.byteLength(example.source));

interface Held {
  readonly example: ToolExample;
  /** Its weight against `maxBytes`, reckoned once. */
  readonly bytes: number;
  /** Ids of the entries that added this example (repeats included), newest last. */
  readonly ids: readonly string[];
}

export function createExampleMirror(bounds: MirrorBounds): ExampleMirror {
  /** Newest add last: a repeat moves to the end. */
  const held = new Map<string, Held>();
  const keys = createExampleIndex<string>();
  /** Which example the bounds drop: a flood from one source or onto one tool evicts its own first. */
  const bound = createFairBound();
  let bytes = 0;
  const hold = (key: string, entry: Held): void => {
    held.set(key, entry);
    keys.add(key, entry.example);
    bound.add(key, entry.example.source, entry.example.tool);
    bytes += entry.bytes;
  };
  const release = (key: string, entry: Held): void => {
    held.delete(key);
    keys.delete(key, entry.example);
    bound.delete(key);
    bytes -= entry.bytes;
  };
  /** Drops examples past the bounds, telling `tell`; returns their entries' ids. */
  const enforce = (tell: (change: ExampleChange) => void): string[] => {
    if (held.size <= bounds.maxExamples && bytes <= bounds.maxBytes) return [];
    const ids: string[] = [];
    const dropped: ToolExample[] = [];
    while (held.size > bounds.maxExamples || (bytes > bounds.maxBytes && held.size > 0)) {
      const key = bound.victim()!;
      const entry = held.get(key)!;
      release(key, entry);
      dropped.push(entry.example);
      ids.push(...entry.ids);
    }
    if (dropped.length > 0) tell({ type: 'dropped', examples: dropped });
    return ids;
  };

  const addRun = (
    run: readonly { id: string; example: ToolExample }[],
    tell: (change: ExampleChange) => void,
  ): void => {
    if (run.length === 0) return; // between two forgets: nothing to allocate for
    // Added in this run, by key: a repeat of one of them replaces it in `added`, not dropped.
    const added = new Map<string, ToolExample>();
    const dropped: ToolExample[] = [];
    for (const { id, example } of run) {
      const key = exampleKey(example);
      const repeat = held.get(key);
      if (repeat) {
        release(key, repeat);
        if (added.get(key) === repeat.example) added.delete(key);
        else dropped.push(repeat.example);
      }
      hold(key, { example, bytes: bytesOf(example), ids: repeat ? [...repeat.ids, id] : [id] });
      added.set(key, example);
    }
    if (dropped.length > 0) tell({ type: 'dropped', examples: dropped });
    if (added.size > 0) tell({ type: 'added', examples: [...added.values()] });
  };

  const dropWhere = (gone: (entry: Held) => boolean): ToolExample[] => {
    const dropped: ToolExample[] = [];
    for (const [key, entry] of held) {
      if (!gone(entry)) continue;
      release(key, entry);
      dropped.push(entry.example);
    }
    return dropped;
  };
  /** Held entries a selector picks: looked up for a tool or a query, so catching up stays linear. */
  const selected = (selector: ExampleSelector): [string, Held][] => {
    const found = keys.lookUp(selector);
    if (!found) return [...held].filter(([, entry]) => exampleMatches(entry.example, selector));
    return found.map((key) => [key, held.get(key)!]);
  };

  return {
    apply(entries, tell) {
      let run: { id: string; example: ToolExample }[] = [];
      const evicted: string[] = [];
      for (const entry of entries) {
        if (entry.op === 'add') {
          run.push(entry);
          continue;
        }
        addRun(run, tell);
        evicted.push(...enforce(tell));
        run = [];
        for (const [key, picked] of selected(entry.selector)) release(key, picked);
        tell({ type: 'forgot', selector: entry.selector });
      }
      addRun(run, tell);
      evicted.push(...enforce(tell));
      return evicted;
    },
    trimBefore(firstId) {
      const dropped: ToolExample[] = [];
      // Oldest newest-add first: stop at the first one still in the stream.
      for (const [key, entry] of held) {
        if (firstId !== undefined && compareIds(entry.ids.at(-1)!, firstId) >= 0) break;
        release(key, entry);
        dropped.push(entry.example);
      }
      return dropped;
    },
    expire(cutoff) {
      return dropWhere((entry) => (entry.example.at ?? cutoff) < cutoff);
    },
    matching(selector) {
      let count = 0;
      const ids: string[] = [];
      for (const [, entry] of selected(selector)) {
        count++;
        ids.push(...entry.ids);
      }
      return { count, ids };
    },
    examples() {
      return [...held.values()].map((entry) => entry.example);
    },
    entries() {
      return [...held.values()].map((entry) => ({ id: entry.ids.at(-1)!, example: entry.example }));
    },
  };
}
