import type { ExampleSelector, ToolExample } from '@shortlist/core';
import {
  exampleKey,
  exampleMatches,
  kthLargest,
  kthValue,
  offerKth,
  resetKth,
} from '@shortlist/core/kit';
import { exampleTerms } from './example-terms.js';

/** A tool's net vote from the examples nearest a query: positive for helpful, negative for not. */
interface ToolVote {
  readonly tool: string;
  readonly vote: number;
  /** The part of `vote` from examples that are the same request (similarity ≥ `SAME_REQUEST`). */
  readonly same: number;
}

/**
 * Similarity from which an example counts as the same request in other words, trusted in full;
 * below it, an example generalises and counts as far as learning has earned trust (README).
 */
const SAME_REQUEST = 0.5;

/** How examples vote for a query; see `LearnedOptions`. */
interface VoteSettings {
  readonly neighbours: number;
  readonly minSimilarity: number;
  readonly sharpness: number;
}

/**
 * The examples a learned ranker knows, indexed for nearest-neighbour votes. Terms weigh by how
 * few tools their examples name (inverse tool frequency), so "find" counts little and "invoice"
 * much; similarity is the cosine of those weights. Adds and removes are incremental.
 */
export interface ExampleMemory {
  /** Live examples. */
  readonly size: number;
  add(examples: readonly ToolExample[]): void;
  /** Removes these exact examples (same query, tool, verdict and time) when held. */
  drop(examples: readonly ToolExample[]): void;
  /** Removes every example the selector matches; returns how many. */
  forget(selector: ExampleSelector): number;
  /** Net votes of the query's nearest examples, for tools `known` accepts. */
  votes(query: string, settings: VoteSettings, known: (tool: string) => boolean): ToolVote[];
}

/** Share of the live examples that may change before term weights and norms are recomputed. */
const REFRESH_SHARE = 0.02;

export function createExampleMemory(): ExampleMemory {
  const termIds = new Map<string, number>();
  /** Per term id: example count per tool, so a term's weight follows the tools it points to. */
  const termTools: Map<string, number>[] = [];
  const postings: number[][] = [];
  let weights = new Float64Array(64);

  const slotTerms: Int32Array[] = [];
  const slotExample: (ToolExample | undefined)[] = [];
  /** Per slot, the index of its tool in `toolNames`, or -1 once the example is gone. */
  const slotTool: number[] = [];
  const toolNames: string[] = [];
  const toolIds = new Map<string, number>();
  let norms = new Float64Array(64);
  const slotByKey = new Map<string, number>();
  /** Live examples per tool; its size is the number of tools examples name. */
  const toolCounts = new Map<string, number>();
  let live = 0;
  let changes = 0;

  const weightOf = (termId: number): number =>
    Math.log(1 + (toolCounts.size + 1) / ((termTools[termId]?.size ?? 0) + 0.5));
  const normOf = (slot: number): number => {
    let sum = 0;
    for (const id of slotTerms[slot]!) sum += weights[id]! ** 2;
    return Math.sqrt(sum);
  };
  const grow = (array: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> => {
    if (size <= array.length) return array;
    const bigger = new Float64Array(Math.max(size, array.length * 2));
    bigger.set(array);
    return bigger;
  };
  /** Recomputes every weight and norm once enough examples changed since the last time. */
  const refresh = (): void => {
    if (changes < Math.max(1, live * REFRESH_SHARE)) return;
    changes = 0;
    for (let id = 0; id < termTools.length; id++) weights[id] = weightOf(id);
    for (let slot = 0; slot < slotExample.length; slot++) {
      if (slotExample[slot]) norms[slot] = normOf(slot);
    }
  };

  const termId = (term: string): number => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = termTools.length;
      termIds.set(term, id);
      termTools.push(new Map());
      postings.push([]);
      weights = grow(weights, id + 1);
    }
    return id;
  };

  const remove = (slot: number): void => {
    const example = slotExample[slot]!;
    slotExample[slot] = undefined;
    slotTool[slot] = -1;
    slotByKey.delete(exampleKey(example));
    for (const id of slotTerms[slot]!) {
      const tools = termTools[id]!;
      const count = tools.get(example.tool)! - 1;
      if (count === 0) tools.delete(example.tool);
      else tools.set(example.tool, count);
    }
    const count = toolCounts.get(example.tool)! - 1;
    if (count === 0) toolCounts.delete(example.tool);
    else toolCounts.set(example.tool, count);
    live--;
    changes++;
  };

  /** Drops dead slots from the postings once they outnumber the live ones. */
  const compact = (): void => {
    const dead = slotExample.length - live;
    if (dead < 1024 || dead < live) return;
    const kept = slotExample.filter((example): example is ToolExample => example !== undefined);
    slotExample.length = 0;
    slotTool.length = 0;
    slotTerms.length = 0;
    slotByKey.clear();
    for (const list of postings) list.length = 0;
    for (const tools of termTools) tools.clear();
    toolCounts.clear();
    live = 0;
    for (const example of kept) insert(example);
    changes = Number.POSITIVE_INFINITY;
    refresh();
  };

  const insert = (example: ToolExample): void => {
    const key = exampleKey(example);
    const old = slotByKey.get(key);
    if (old !== undefined) remove(old);
    const slot = slotExample.length;
    const ids = Int32Array.from(exampleTerms(example.query), termId);
    slotExample.push(example);
    let tool = toolIds.get(example.tool);
    if (tool === undefined) {
      tool = toolNames.length;
      toolIds.set(example.tool, tool);
      toolNames.push(example.tool);
    }
    slotTool.push(tool);
    slotTerms.push(ids);
    slotByKey.set(key, slot);
    for (const id of ids) {
      postings[id]!.push(slot);
      const tools = termTools[id]!;
      tools.set(example.tool, (tools.get(example.tool) ?? 0) + 1);
    }
    toolCounts.set(example.tool, (toolCounts.get(example.tool) ?? 0) + 1);
    live++;
    changes++;
    // Weights of terms first seen here, and this example's norm, from today's counts; the
    // others catch up at the next refresh.
    for (const id of ids) if (weights[id] === 0) weights[id] = weightOf(id);
    norms = grow(norms, slot + 1);
    norms[slot] = normOf(slot);
  };

  let scratch = new Float64Array(64);
  let tailMarks = new Uint8Array(64);

  /** Adds the tail terms' weights to the examples already touched, whichever way is cheaper. */
  const addTail = (tailIds: readonly number[], touched: readonly number[]): void => {
    let postingsLength = 0;
    for (const id of tailIds) postingsLength += postings[id]!.length;
    if (postingsLength <= touched.length * 8) {
      for (const id of tailIds) {
        const weight = weights[id]! ** 2;
        for (const slot of postings[id]!) if (scratch[slot] !== 0) scratch[slot]! += weight;
      }
      return;
    }
    if (tailMarks.length < termTools.length) tailMarks = new Uint8Array(termTools.length * 2);
    for (const id of tailIds) tailMarks[id] = 1;
    for (const slot of touched) {
      for (const id of slotTerms[slot]!)
        if (tailMarks[id] === 1) scratch[slot]! += weights[id]! ** 2;
    }
    for (const id of tailIds) tailMarks[id] = 0;
  };

  /** Per tool index, for one vote: 0 not asked yet, 1 in the catalogue, -1 not. */
  let knownTools = new Int8Array(64);
  let isKnown: (tool: string) => boolean = () => false;
  const knownSlot = (slot: number): boolean => {
    const tool = slotTool[slot]!;
    if (tool < 0) return false;
    let known = knownTools[tool]!;
    if (known === 0) {
      known = isKnown(toolNames[tool]!) ? 1 : -1;
      knownTools[tool] = known;
    }
    return known === 1;
  };

  const heap = kthLargest();
  /** The k-th best similarity live examples of known tools are sure of so far (their partial dots). */
  const kthSimilarity = (touched: readonly number[], queryNorm: number, k: number): number => {
    resetKth(heap, k);
    for (const slot of touched) {
      const similarity = scratch[slot]! / (queryNorm * norms[slot]!);
      if (similarity > kthValue(heap) && knownSlot(slot)) offerKth(heap, slot, similarity);
    }
    return Math.max(0, kthValue(heap));
  };

  const nearSimilarity: number[] = [];
  const nearSlot: number[] = [];
  /**
   * The `neighbours` most similar live examples of known tools, best first (ties by slot), into
   * `nearSimilarity` / `nearSlot`; returns how many. Clears `scratch`.
   */
  const topSimilar = (
    touched: readonly number[],
    queryNorm: number,
    settings: VoteSettings,
    certain: number,
  ): number => {
    resetKth(heap, settings.neighbours);
    // Below the k-th similarity already certain, nothing can be among the nearest.
    const floor = Math.max(certain, settings.minSimilarity);
    for (const slot of touched) {
      const similarity = scratch[slot]! / (queryNorm * norms[slot]!);
      scratch[slot] = 0;
      if (similarity >= floor && similarity > kthValue(heap) && knownSlot(slot)) {
        offerKth(heap, slot, similarity);
      }
    }
    const order = Array.from({ length: heap.size }, (_, i) => i);
    order.sort((a, b) => heap.scores[b]! - heap.scores[a]! || heap.slots[a]! - heap.slots[b]!);
    nearSimilarity.length = 0;
    nearSlot.length = 0;
    for (const i of order) {
      nearSimilarity.push(heap.scores[i]!);
      nearSlot.push(heap.slots[i]!);
    }
    return order.length;
  };

  return {
    get size() {
      return live;
    },
    add(examples) {
      for (const example of examples) insert(example);
    },
    drop(examples) {
      for (const example of examples) {
        const slot = slotByKey.get(exampleKey(example));
        if (slot !== undefined && slotExample[slot]!.at === example.at) remove(slot);
      }
      compact();
    },
    forget(selector) {
      let dropped = 0;
      slotExample.forEach((example, slot) => {
        if (example && exampleMatches(example, selector)) {
          remove(slot);
          dropped++;
        }
      });
      compact();
      return dropped;
    },
    votes(query, settings, known) {
      if (live === 0) return [];
      isKnown = known;
      if (knownTools.length < toolNames.length) knownTools = new Int8Array(toolNames.length * 2);
      else knownTools.fill(0, 0, toolNames.length);
      refresh();
      const terms = exampleTerms(query);
      let queryNorm = 0;
      const ids: number[] = [];
      for (const term of terms) {
        const id = termIds.get(term);
        // A term no example has weighs as a term of no tool: it only lowers every similarity.
        const weight = id === undefined ? Math.log(1 + (toolCounts.size + 1) / 0.5) : weights[id]!;
        queryNorm += weight * weight;
        if (id !== undefined && termTools[id]!.size > 0) ids.push(id);
      }
      if (ids.length === 0) return [];
      queryNorm = Math.sqrt(queryNorm);
      scratch = grow(scratch, slotExample.length);
      // Rarest terms first. An example first met at term i shares at most terms i.. with the
      // query, and |e| ≥ their norm, so its similarity is at most √(Σ_{j≥i} w_j²) / |q|. Once
      // that is below the k-th similarity already certain, later terms only add to the
      // examples found so far (MaxScore's pruning, exact).
      ids.sort((a, b) => weights[b]! - weights[a]! || a - b);
      const rest = new Float64Array(ids.length + 1);
      for (let i = ids.length - 1; i >= 0; i--) rest[i] = rest[i + 1]! + weights[ids[i]!]! ** 2;
      const touched: number[] = [];
      let floor = settings.minSimilarity;
      let i = 0;
      for (; i < ids.length; i++) {
        const id = ids[i]!;
        const list = postings[id]!;
        if (i > 0 && list.length > touched.length) {
          const bound = Math.sqrt(rest[i]!) / queryNorm;
          if (bound < floor) break;
          floor = Math.max(floor, kthSimilarity(touched, queryNorm, settings.neighbours));
          if (bound < floor) break;
        }
        const weight = weights[id]! ** 2;
        for (const slot of list) {
          if (scratch[slot] === 0) touched.push(slot);
          scratch[slot]! += weight;
        }
      }
      if (i < ids.length && touched.length > 0) addTail(ids.slice(i), touched);
      const count = topSimilar(touched, queryNorm, settings, floor);
      const net = new Map<string, { tool: string; vote: number; same: number }>();
      for (let n = 0; n < count; n++) {
        const example = slotExample[nearSlot[n]!]!;
        const similarity = nearSimilarity[n]!;
        const vote = similarity ** settings.sharpness * (example.helpful === false ? -1 : 1);
        let entry = net.get(example.tool);
        if (!entry) {
          entry = { tool: example.tool, vote: 0, same: 0 };
          net.set(example.tool, entry);
        }
        entry.vote += vote;
        if (similarity >= SAME_REQUEST) entry.same += vote;
      }
      return [...net.values()];
    },
  };
}
