/**
 * Which example a full store drops: the oldest of the source that holds the most, so a flood
 * from one source evicts its own examples, never everyone else's; with one source (or none
 * named) that is simply the oldest. Every process applying the same changes in the same order
 * picks the same examples (ties go to the source that reached that count first).
 */
export interface FairBound {
  /** Records a kept example's key, the newest of its source (undefined: the anonymous one). */
  add(key: string, source: string | undefined): void;
  /** Forgets a key that left the store (repeated, forgotten, expired or dropped). */
  delete(key: string): void;
  /** The key to drop to make room, or undefined when nothing is held. */
  victim(): string | undefined;
  clear(): void;
}

interface Queue {
  /** Keys with the sequence number they were added under, oldest first; stale ones are skipped. */
  readonly entries: [string, number][];
  head: number;
  live: number;
}

export function createFairBound(): FairBound {
  const held = new Map<string, { readonly source: string; readonly seq: number }>();
  const queues = new Map<string, Queue>();
  /** Sources by how many examples they hold, each set in the order they reached that count. */
  const byCount = new Map<number, Set<string>>();
  let most = 0;
  let seq = 0;
  const move = (source: string, from: number, to: number): void => {
    const was = byCount.get(from);
    was?.delete(source);
    if (was?.size === 0) byCount.delete(from);
    if (to === 0) return;
    const now = byCount.get(to);
    if (now) now.add(source);
    else byCount.set(to, new Set([source]));
    if (to > most) most = to;
  };
  return {
    add(key, source) {
      const name = source ?? '';
      let queue = queues.get(name);
      if (!queue) {
        queue = { entries: [], head: 0, live: 0 };
        queues.set(name, queue);
      }
      held.set(key, { source: name, seq: ++seq });
      queue.entries.push([key, seq]);
      queue.live++;
      move(name, queue.live - 1, queue.live);
    },
    delete(key) {
      const entry = held.get(key);
      if (!entry) return;
      held.delete(key);
      const queue = queues.get(entry.source)!;
      queue.live--;
      move(entry.source, queue.live + 1, queue.live);
      if (queue.live === 0) queues.delete(entry.source);
    },
    victim() {
      while (most > 0 && !byCount.has(most)) most--;
      const source = byCount.get(most)?.values().next().value;
      if (source === undefined) return undefined;
      const queue = queues.get(source)!;
      for (;;) {
        const [key, at] = queue.entries[queue.head]!;
        if (held.get(key)?.seq === at) return key;
        queue.head++;
        // Stale entries at the front are dropped once they are half the queue.
        if (queue.head * 2 > queue.entries.length) {
          queue.entries.splice(0, queue.head);
          queue.head = 0;
        }
      }
    },
    clear() {
      held.clear();
      queues.clear();
      byCount.clear();
      most = 0;
    },
  };
}
