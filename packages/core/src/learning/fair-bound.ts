import { type CountRanking, createCountRanking } from './count-ranking.js';

/**
 * Which example a full store drops, fair per source and per tool. The source holding the most
 * is weighed against the tool holding the most: when a tool holds more (many sources piling onto
 * one tool), the drop comes from that tool, from the source holding the most of it; otherwise
 * from that source, from the tool it holds the most of. Either way the pair's oldest goes, so a
 * flood from one source, or onto one tool (even from the one anonymous source), evicts its own
 * examples before anyone else's or any other tool's. Every process applying the same changes in
 * the same order picks the same examples (ties go to whichever reached that count first).
 */
export interface FairBound {
  /** Records a kept example's key, the newest of its source (undefined: the anonymous one) and tool. */
  add(key: string, source: string | undefined, tool: string): void;
  /** Forgets a key that left the store (repeated, forgotten, expired or dropped). */
  delete(key: string): void;
  /** The key to drop to make room, or undefined when nothing is held. */
  victim(): string | undefined;
  clear(): void;
}

/** The keys of one (source, tool) pair, oldest first; stale ones (re-added since) are skipped. */
interface Queue {
  readonly entries: [string, number][];
  head: number;
  live: number;
}

interface Held {
  readonly source: string;
  readonly tool: string;
  readonly seq: number;
}

export function createFairBound(): FairBound {
  const held = new Map<string, Held>();
  /** Queues by source, then tool. */
  const queues = new Map<string, Map<string, Queue>>();
  let sources = createCountRanking();
  let tools = createCountRanking();
  /** Per source, its tools ranked; per tool, its sources ranked. */
  const toolsOf = new Map<string, CountRanking>();
  const sourcesOf = new Map<string, CountRanking>();
  let seq = 0;
  const rankingIn = (rankings: Map<string, CountRanking>, name: string): CountRanking => {
    let ranking = rankings.get(name);
    if (!ranking) {
      ranking = createCountRanking();
      rankings.set(name, ranking);
    }
    return ranking;
  };
  const decrementIn = (rankings: Map<string, CountRanking>, name: string, group: string) => {
    const ranking = rankings.get(name)!;
    ranking.decrement(group);
    if (ranking.topCount() === 0) rankings.delete(name);
  };
  /** The oldest live key of a pair, dropping stale entries at its front as it goes. */
  const oldest = (source: string, tool: string): string => {
    const queue = queues.get(source)!.get(tool)!;
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
  };
  return {
    add(key, source, tool) {
      const name = source ?? '';
      let byTool = queues.get(name);
      if (!byTool) {
        byTool = new Map();
        queues.set(name, byTool);
      }
      let queue = byTool.get(tool);
      if (!queue) {
        queue = { entries: [], head: 0, live: 0 };
        byTool.set(tool, queue);
      }
      held.set(key, { source: name, tool, seq: ++seq });
      queue.entries.push([key, seq]);
      queue.live++;
      sources.increment(name);
      tools.increment(tool);
      rankingIn(toolsOf, name).increment(tool);
      rankingIn(sourcesOf, tool).increment(name);
    },
    delete(key) {
      const entry = held.get(key);
      if (!entry) return;
      held.delete(key);
      const { source, tool } = entry;
      sources.decrement(source);
      tools.decrement(tool);
      decrementIn(toolsOf, source, tool);
      decrementIn(sourcesOf, tool, source);
      // A pair with nothing left loses its queue, so churn through many pairs stays bounded.
      const byTool = queues.get(source)!;
      if (--byTool.get(tool)!.live === 0) byTool.delete(tool);
      if (byTool.size === 0) queues.delete(source);
    },
    victim() {
      const source = sources.top();
      if (source === undefined) return undefined;
      const tool = tools.top()!;
      if (tools.topCount() > sources.topCount()) return oldest(sourcesOf.get(tool)!.top()!, tool);
      return oldest(source, toolsOf.get(source)!.top()!);
    },
    clear() {
      held.clear();
      queues.clear();
      toolsOf.clear();
      sourcesOf.clear();
      sources = createCountRanking();
      tools = createCountRanking();
    },
  };
}
