import type { ExampleSelector, ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import { exampleKey, exampleMatches } from '@shortlist/core/kit';
import type { ExampleEntry } from './example-entries.js';
import { compareIds } from './stream-ids.js';

/**
 * A process's copy of the live examples of a stream, built by applying its entries in stream
 * order, so every process that applied the same entries holds the same examples. Each apply
 * returns the changes it made, for subscribers.
 */
export interface ExampleMirror {
  /** Applies entries in order: an add replaces a repeat (same `exampleKey`), a forget drops its matches. */
  apply(entries: readonly ExampleEntry[], tell: (change: ExampleChange) => void): void;
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
}

interface Held {
  readonly example: ToolExample;
  /** Ids of the entries that added this example (repeats included), newest last. */
  readonly ids: readonly string[];
}

export function createExampleMirror(): ExampleMirror {
  /** Newest add last: a repeat moves to the end. */
  const held = new Map<string, Held>();

  const addRun = (
    run: readonly { id: string; example: ToolExample }[],
    tell: (change: ExampleChange) => void,
  ): void => {
    const added: ToolExample[] = [];
    const dropped: ToolExample[] = [];
    for (const { id, example } of run) {
      const key = exampleKey(example);
      const repeat = held.get(key);
      if (repeat) {
        held.delete(key);
        // A repeat of one added in this very run is left out of `added`, not dropped.
        const inRun = added.indexOf(repeat.example);
        if (inRun >= 0) added.splice(inRun, 1);
        else dropped.push(repeat.example);
      }
      held.set(key, { example, ids: repeat ? [...repeat.ids, id] : [id] });
      added.push(example);
    }
    if (dropped.length > 0) tell({ type: 'dropped', examples: dropped });
    if (added.length > 0) tell({ type: 'added', examples: added });
  };

  const dropWhere = (gone: (entry: Held) => boolean): ToolExample[] => {
    const dropped: ToolExample[] = [];
    for (const [key, entry] of held) {
      if (!gone(entry)) continue;
      held.delete(key);
      dropped.push(entry.example);
    }
    return dropped;
  };

  return {
    apply(entries, tell) {
      let run: { id: string; example: ToolExample }[] = [];
      for (const entry of entries) {
        if (entry.op === 'add') {
          run.push(entry);
          continue;
        }
        addRun(run, tell);
        run = [];
        dropWhere((held) => exampleMatches(held.example, entry.selector));
        tell({ type: 'forgot', selector: entry.selector });
      }
      addRun(run, tell);
    },
    trimBefore(firstId) {
      const dropped: ToolExample[] = [];
      // Oldest newest-add first: stop at the first one still in the stream.
      for (const [key, entry] of held) {
        if (firstId !== undefined && compareIds(entry.ids.at(-1)!, firstId) >= 0) break;
        held.delete(key);
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
      for (const entry of held.values()) {
        if (!exampleMatches(entry.example, selector)) continue;
        count++;
        ids.push(...entry.ids);
      }
      return { count, ids };
    },
    examples() {
      return [...held.values()].map((entry) => entry.example);
    },
  };
}
