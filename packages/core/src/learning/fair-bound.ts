import {
  type CountRanking,
  createCountRanking,
  type RankedPlace,
  rankedPlace,
} from './count-ranking.js';

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

/**
 * A source or a tool: how many examples it holds, and its pairs ranked the same way. It is its
 * own place in the ranking of sources or of tools (one object fewer each: floods make many).
 */
interface Side extends RankedPlace<Side> {
  readonly name: string;
  count: number;
  readonly pairs: CountRanking<Pair>;
}

/**
 * One source's examples of one tool, oldest first, as a list so a delete is O(1). It is its own
 * place among its source's pairs; `inTool` is its place among its tool's.
 */
interface Pair extends RankedPlace<Pair> {
  /** Its key in `pairs`. */
  readonly id: string;
  readonly source: Side;
  readonly tool: Side;
  count: number;
  oldest: Entry | undefined;
  newest: Entry | undefined;
  readonly inTool: RankedPlace<Pair>;
}

interface Entry {
  readonly key: string;
  readonly pair: Pair;
  older: Entry | undefined;
  newer: Entry | undefined;
}

function createSide(name: string): Side {
  const side: Writable<Side> = {
    name,
    count: 0,
    pairs: createCountRanking<Pair>(),
    group: undefined as unknown as Side, // itself, set below
    before: undefined,
    after: undefined,
  };
  side.group = side;
  return side;
}

function createPair(id: string, source: Side, tool: Side): Pair {
  const pair: Writable<Pair> = {
    id,
    source,
    tool,
    count: 0,
    oldest: undefined,
    newest: undefined,
    group: undefined as unknown as Pair, // itself, set below
    before: undefined,
    after: undefined,
    inTool: undefined as unknown as RankedPlace<Pair>,
  };
  pair.group = pair;
  pair.inTool = rankedPlace<Pair>(pair);
  return pair;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function createFairBound(): FairBound {
  let held = new Map<string, Entry>();
  let sources = new Map<string, Side>();
  let tools = new Map<string, Side>();
  /**
   * Pairs by source and tool, in one map (not a map per source: a flood from 100,000 sources
   * would cost 100,000 maps); the source's length first keeps the key unambiguous.
   */
  let pairs = new Map<string, Pair>();
  let sourceRanking = createCountRanking<Side>();
  let toolRanking = createCountRanking<Side>();
  const side = (sides: Map<string, Side>, name: string): Side => {
    let found = sides.get(name);
    if (!found) {
      found = createSide(name);
      sides.set(name, found);
    }
    return found;
  };
  /** One example more (`by` 1) or fewer (-1) for a pair, its source and its tool. */
  const count = (pair: Pair, by: 1 | -1): void => {
    const { source, tool } = pair;
    pair.count += by;
    source.count += by;
    tool.count += by;
    sourceRanking.move(source, source.count - by, source.count);
    toolRanking.move(tool, tool.count - by, tool.count);
    source.pairs.move(pair, pair.count - by, pair.count);
    tool.pairs.move(pair.inTool, pair.count - by, pair.count);
  };
  return {
    add(key, sourceName = '', toolName) {
      const id = `${sourceName.length}:${sourceName}${toolName}`;
      let pair = pairs.get(id);
      if (!pair) {
        pair = createPair(id, side(sources, sourceName), side(tools, toolName));
        pairs.set(id, pair);
      }
      const entry: Entry = { key, pair, older: pair.newest, newer: undefined };
      if (pair.newest) pair.newest.newer = entry;
      else pair.oldest = entry;
      pair.newest = entry;
      held.set(key, entry);
      count(pair, 1);
    },
    delete(key) {
      const entry = held.get(key);
      if (!entry) return;
      held.delete(key);
      const { pair } = entry;
      if (entry.older) entry.older.newer = entry.newer;
      else pair.oldest = entry.newer;
      if (entry.newer) entry.newer.older = entry.older;
      else pair.newest = entry.older;
      count(pair, -1);
      // What holds nothing is let go, so churn through many sources and tools stays bounded.
      if (pair.count > 0) return;
      pairs.delete(pair.id);
      if (pair.source.count === 0) sources.delete(pair.source.name);
      if (pair.tool.count === 0) tools.delete(pair.tool.name);
    },
    victim() {
      const source = sourceRanking.top();
      if (source === undefined) return undefined;
      const tool = toolRanking.top()!;
      const pair =
        toolRanking.topCount() > sourceRanking.topCount() ? tool.pairs.top() : source.pairs.top();
      return pair!.oldest!.key;
    },
    clear() {
      held = new Map();
      sources = new Map();
      tools = new Map();
      pairs = new Map();
      sourceRanking = createCountRanking<Side>();
      toolRanking = createCountRanking<Side>();
    },
  };
}
