import type { ExampleSelector, Tool, ToolExample } from '@shortlist/core';
import {
  createExampleIndex,
  exampleKey,
  exampleMatches,
  kthLargest,
  kthValue,
  offerKth,
  resetKth,
} from '@shortlist/core/kit';
import { createDescriptionIndex, type WeightedTerm } from './description-index.js';
import { descriptionTerms, exampleTerms } from './example-terms.js';
import { isEncoded } from './request-form.js';
import { createToolLanguage, type QueryTerm, type ToolVoteEntry } from './tool-language.js';
import { createVoteTally } from './vote-tally.js';

/** A tool's net vote from the examples nearest a query: positive for helpful, negative for not. */
interface ToolVote {
  readonly tool: string;
  readonly vote: number;
  /** The part of `vote` from examples that are the same request (similarity ≥ `SAME_REQUEST`). */
  readonly same: number;
  /** The part of `vote` from learnt examples, not from the tool's own description: the evidence. */
  readonly learnt: number;
  /** The part of `learnt` from other sources than the asker's, each counted once for this tool. */
  readonly others: number;
  /** The other sources whose examples voted for this tool (ids of this memory). */
  readonly voters: readonly number[];
}

/** How examples vote for a query; see `LearnedOptions`. */
interface VoteSettings {
  readonly neighbours: number;
  readonly minSimilarity: number;
  readonly sharpness: number;
}

/**
 * The examples a learned ranker knows, indexed for nearest-neighbour votes. Terms weigh by how
 * few tools their examples name (inverse tool frequency), so "invoice" counts much and a word
 * the examples of most tools share nothing; similarity is the cosine of those weights. Adds and
 * removes are incremental.
 */
export interface ExampleMemory {
  /** Live examples. */
  readonly size: number;
  /** Live examples whose request an older version kept in plain text, not as hashed words. */
  readonly plainText: number;
  add(examples: readonly ToolExample[]): void;
  /** Removes these exact examples (same query, tool, verdict and time) when held. */
  drop(examples: readonly ToolExample[]): void;
  /** Removes every example the selector matches; returns how many. */
  forget(selector: ExampleSelector): number;
  /** Sets the names and descriptions of catalogue tools, which their examples' words are smoothed toward. */
  describe(tools: readonly Tool[]): void;
  /** Forgets the descriptions of removed tools. */
  undescribe(names: Iterable<string>): void;
  /** Net votes of the query's nearest examples, for tools `known` accepts. */
  /**
   * Net votes of the query's nearest examples, for tools `known` accepts. Examples of the asker's
   * own `source` vote as they are; another source's vote once per tool, its nearest.
   */
  votes(
    query: string,
    settings: VoteSettings,
    known: (tool: string) => boolean,
    asker?: string,
    standing?: (source: number) => number,
  ): ToolVote[];
  /** This memory's id of a source, or undefined when no example it holds names it. */
  sourceId(source: string | undefined): number | undefined;
}

/**
 * A term in the examples of more than this share of the tools ("help", "find", "information")
 * says little about which tool is meant: it weighs 0, which halves a vote's work on MetaTool at
 * the same hit@1 (README, Design). Only once examples name `COMMON_FROM_TOOLS` tools.
 */
const COMMON_SHARE = 0.25;
const COMMON_FROM_TOOLS = 20;

/** The source id of examples that name no source: one anonymous source, the asker's own by default. */
const ANONYMOUS = -1;

/** Scales a bound down by a rounding error's width, so a bound never cuts what equals it. */
const UNDER = 1 - 1e-9;

/** Share of the live examples that may change before term weights and norms are recomputed. */
const REFRESH_SHARE = 0.02;

export function createExampleMemory(): ExampleMemory {
  const termIds = new Map<string, number>();
  /** Per term id: example count per tool, so a term's weight follows the tools it points to. */
  const termTools: Map<string, number>[] = [];
  const postings: number[][] = [];
  let weights = new Float64Array(64);
  /**
   * Per term id, a lower bound of the norms of the examples holding it (removals leave it lower):
   * it bounds the similarity of an example first met at that term.
   */
  let minNorms = new Float64Array(64).fill(Number.POSITIVE_INFINITY);

  const slotTerms: Int32Array[] = [];
  const slotExample: (ToolExample | undefined)[] = [];
  /** Per slot, the index of its tool in `toolNames`, or -1 once the example is gone. */
  const slotTool: number[] = [];
  /** Per slot, 1 for a helpful example and -1 for an unhelpful one. */
  const slotSign: number[] = [];
  /** Per slot, the id of its example's source; `ANONYMOUS` for an example that names none. */
  const slotSource: number[] = [];
  const sourceIds = new Map<string, number>();
  const sourceOf = (source: string | undefined): number => {
    if (source === undefined) return ANONYMOUS;
    const id = sourceIds.get(source);
    if (id !== undefined) return id;
    sourceIds.set(source, sourceIds.size);
    return sourceIds.size - 1;
  };
  const toolNames: string[] = [];
  const toolIds = new Map<string, number>();
  let norms = new Float64Array(64);
  const slotByKey = new Map<string, number>();
  /** Live slots by tool and by query, so a forget of either finds them without a scan. */
  const slotIndex = createExampleIndex<number>();
  /** Live examples per tool; its size is the number of tools examples name. */
  const toolCounts = new Map<string, number>();
  /** Inverse tool frequency of a term whose examples name `tools` tools. */
  const rarity = (tools: number): number => Math.log(1 + (toolCounts.size + 1) / (tools + 0.5));
  /** A term's weight as a query's is taken: a term no example has weighs as a term of no tool. */
  const descriptions = createDescriptionIndex((term) => {
    const id = termIds.get(term);
    return id === undefined ? rarity(0) : weights[id]!;
  });
  const language = createToolLanguage(descriptions);
  let live = 0;
  let plainText = 0;
  let changes = 0;

  const weightOf = (termId: number): number => {
    const tools = termTools[termId]?.size ?? 0;
    if (toolCounts.size >= COMMON_FROM_TOOLS && tools > COMMON_SHARE * toolCounts.size) return 0;
    return rarity(tools);
  };
  const normOf = (slot: number): number => {
    let sum = 0;
    for (const id of slotTerms[slot]!) sum += weights[id]! ** 2;
    return Math.sqrt(sum);
  };
  const grow = (
    array: Float64Array<ArrayBuffer>,
    size: number,
    fill = 0,
  ): Float64Array<ArrayBuffer> => {
    if (size <= array.length) return array;
    const bigger = new Float64Array(Math.max(size, array.length * 2));
    if (fill !== 0) bigger.fill(fill, array.length);
    bigger.set(array);
    return bigger;
  };
  /** Recomputes every weight and norm once enough examples changed since the last time. */
  const refresh = (): void => {
    if (changes < Math.max(1, live * REFRESH_SHARE)) return;
    changes = 0;
    for (let id = 0; id < termTools.length; id++) {
      weights[id] = weightOf(id);
      minNorms[id] = Number.POSITIVE_INFINITY;
    }
    for (let slot = 0; slot < slotExample.length; slot++) {
      if (slotExample[slot]) setNorm(slot);
    }
    descriptions.renorm();
  };
  /** Sets a slot's norm from today's weights, and the least norm of each of its terms' examples. */
  const setNorm = (slot: number): void => {
    const norm = normOf(slot);
    norms[slot] = norm;
    for (const id of slotTerms[slot]!) if (norm < minNorms[id]!) minNorms[id] = norm;
  };

  const termId = (term: string): number => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = termTools.length;
      termIds.set(term, id);
      termTools.push(new Map());
      postings.push([]);
      weights = grow(weights, id + 1);
      minNorms = grow(minNorms, id + 1, Number.POSITIVE_INFINITY);
    }
    return id;
  };

  const remove = (slot: number): void => {
    const example = slotExample[slot]!;
    if (slotSign[slot] === 1) language.remove(slotTool[slot]!, slotTerms[slot]!);
    slotExample[slot] = undefined;
    slotTool[slot] = -1;
    slotByKey.delete(exampleKey(example));
    slotIndex.delete(slot, example);
    for (const id of slotTerms[slot]!) {
      const tools = termTools[id]!;
      const count = tools.get(example.tool)! - 1;
      if (count === 0) tools.delete(example.tool);
      else tools.set(example.tool, count);
    }
    const count = toolCounts.get(example.tool)! - 1;
    if (count === 0) toolCounts.delete(example.tool);
    else toolCounts.set(example.tool, count);
    if (!isEncoded(example.query)) plainText--;
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
    slotSign.length = 0;
    slotSource.length = 0;
    slotTerms.length = 0;
    slotByKey.clear();
    slotIndex.clear();
    for (const list of postings) list.length = 0;
    for (const tools of termTools) tools.clear();
    toolCounts.clear();
    language.clear();
    live = 0;
    plainText = 0;
    for (const example of kept) insert(example);
    changes = Number.POSITIVE_INFINITY;
    refresh();
  };

  const toolIndex = (name: string): number => {
    let tool = toolIds.get(name);
    if (tool === undefined) {
      tool = toolNames.length;
      toolIds.set(name, tool);
      toolNames.push(name);
    }
    return tool;
  };

  const insert = (example: ToolExample): void => {
    const key = exampleKey(example);
    const old = slotByKey.get(key);
    if (old !== undefined) remove(old);
    const slot = slotExample.length;
    const ids = Int32Array.from(exampleTerms(example.query), termId);
    slotExample.push(example);
    const tool = toolIndex(example.tool);
    slotTool.push(tool);
    slotSign.push(example.helpful === false ? -1 : 1);
    slotSource.push(sourceOf(example.source));
    slotTerms.push(ids);
    slotByKey.set(key, slot);
    slotIndex.add(slot, example);
    for (const id of ids) {
      postings[id]!.push(slot);
      const tools = termTools[id]!;
      tools.set(example.tool, (tools.get(example.tool) ?? 0) + 1);
    }
    toolCounts.set(example.tool, (toolCounts.get(example.tool) ?? 0) + 1);
    if (example.helpful !== false) language.add(tool, ids);
    if (!isEncoded(example.query)) plainText++;
    live++;
    changes++;
    // Weights of terms first seen here, and this example's norm, from today's counts; the
    // others catch up at the next refresh.
    for (const id of ids) if (weights[id] === 0) weights[id] = weightOf(id);
    norms = grow(norms, slot + 1);
    setNorm(slot);
  };

  let scratch = new Float64Array(64);
  /** The slots one vote's terms reached, in `touched[0 .. touchedCount)`. */
  let touched = new Int32Array(64);
  let touchedCount = 0;
  let tailMarks = new Uint8Array(64);

  /** Adds the tail terms' weights to the examples already touched, whichever way is cheaper. */
  const addTail = (tailIds: readonly number[]): void => {
    let postingsLength = 0;
    for (const id of tailIds) postingsLength += postings[id]!.length;
    if (postingsLength <= touchedCount * 8) {
      for (const id of tailIds) {
        const weight = weights[id]! ** 2;
        for (const slot of postings[id]!) if (scratch[slot] !== 0) scratch[slot]! += weight;
      }
      return;
    }
    if (tailMarks.length < termTools.length) tailMarks = new Uint8Array(termTools.length * 2);
    for (const id of tailIds) tailMarks[id] = 1;
    for (let t = 0; t < touchedCount; t++) {
      const slot = touched[t]!;
      for (const id of slotTerms[slot]!)
        if (tailMarks[id] === 1) scratch[slot]! += weights[id]! ** 2;
    }
    for (const id of tailIds) tailMarks[id] = 0;
  };

  /** Per tool index, for one vote: 0 not asked yet, 1 in the catalogue, -1 not. */
  let knownTools = new Int8Array(64);
  let isKnown: (tool: string) => boolean = () => false;
  const knownSlot = (slot: number): boolean => knownTool(slotTool[slot]!);
  const knownTool = (tool: number): boolean => {
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
  const kthSimilarity = (queryNorm: number, k: number): number => {
    resetKth(heap, k);
    for (let t = 0; t < touchedCount; t++) {
      const slot = touched[t]!;
      const similarity = scratch[slot]! / (queryNorm * norms[slot]!);
      if (similarity > kthValue(heap) && knownSlot(slot)) offerKth(heap, slot, similarity);
    }
    return Math.max(0, kthValue(heap));
  };

  /** Per query term, rarest first: the summed squared weights from it on, and their least norm. */
  let rest = new Float64Array(16);
  let leastNorm = new Float64Array(16);

  const nearSimilarity: number[] = [];
  const nearSlot: number[] = [];
  /**
   * The `neighbours` most similar live examples of known tools, best first (ties by slot), into
   * `nearSimilarity` / `nearSlot`; returns how many. Clears `scratch`.
   */
  const topSimilar = (queryNorm: number, settings: VoteSettings, certain: number): number => {
    resetKth(heap, settings.neighbours);
    // Below the k-th similarity already certain, nothing can be among the nearest.
    const floor = Math.max(certain, settings.minSimilarity);
    // Compared as dot ≥ floor·|q|·|e| first (a hair low, so rounding never drops an example
    // whose similarity is the floor itself): no division for the many examples far below it.
    const scaledFloor = floor * queryNorm * UNDER;
    for (let t = 0; t < touchedCount; t++) {
      const slot = touched[t]!;
      const dot = scratch[slot]!;
      scratch[slot] = 0;
      const norm = norms[slot]!;
      if (dot < scaledFloor * norm) continue;
      const similarity = dot / (queryNorm * norm);
      if (similarity >= floor && similarity > kthValue(heap) && knownSlot(slot)) {
        offerKth(heap, slot, similarity);
      }
    }
    // At most `neighbours` entries: sorted by insertion, with no array or closure made per vote.
    const count = heap.size;
    nearSimilarity.length = count;
    nearSlot.length = count;
    for (let i = 0; i < count; i++) {
      const similarity = heap.scores[i]!;
      const slot = heap.slots[i]!;
      let place = i;
      while (
        place > 0 &&
        (nearSimilarity[place - 1]! < similarity ||
          (nearSimilarity[place - 1] === similarity && nearSlot[place - 1]! > slot))
      ) {
        nearSimilarity[place] = nearSimilarity[place - 1]!;
        nearSlot[place] = nearSlot[place - 1]!;
        place--;
      }
      nearSimilarity[place] = similarity;
      nearSlot[place] = slot;
    }
    return count;
  };

  return {
    get size() {
      return live;
    },
    get plainText() {
      return plainText;
    },
    add(examples) {
      for (const example of examples) insert(example);
    },
    describe(tools) {
      for (const tool of tools) {
        const terms = descriptionTerms(tool);
        const index = toolIndex(tool.name);
        descriptions.describe(index, terms);
      }
      descriptions.renorm();
    },
    undescribe(names) {
      for (const name of names) {
        const tool = toolIds.get(name);
        if (tool === undefined) continue;
        descriptions.undescribe(tool);
      }
      descriptions.renorm();
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
      const found = slotIndex.lookUp(selector);
      if (found) {
        for (const slot of found) remove(slot);
        dropped = found.length;
      } else {
        slotExample.forEach((example, slot) => {
          if (example && exampleMatches(example, selector)) {
            remove(slot);
            dropped++;
          }
        });
      }
      compact();
      return dropped;
    },
    sourceId(source) {
      return source === undefined ? ANONYMOUS : sourceIds.get(source);
    },
    votes(query, settings, known, asker, standing) {
      // An asker no example names has no own history: every example is another source's.
      const own = asker === undefined ? ANONYMOUS : (sourceIds.get(asker) ?? Number.NaN);
      if (live === 0) return [];
      isKnown = known;
      if (knownTools.length < toolNames.length) knownTools = new Int8Array(toolNames.length * 2);
      else knownTools.fill(0, 0, toolNames.length);
      refresh();
      const terms = exampleTerms(query);
      let queryNorm = 0;
      const ids: number[] = [];
      const queryTerms: QueryTerm[] = [];
      const weighted: WeightedTerm[] = [];
      for (const term of terms) {
        const id = termIds.get(term);
        // A term no example has weighs as a term of no tool: it lowers every example's
        // similarity, and counts in full where a tool's description has it.
        const weight = id === undefined ? rarity(0) : weights[id]!;
        queryNorm += weight * weight;
        weighted.push({ term, weight });
        const tools = id === undefined ? 0 : termTools[id]!.size;
        if (tools === 0) continue;
        if (weight > 0) ids.push(id!);
        // A tool's words weigh every term the examples have, common ones too: what a
        // neighbour search may skip for speed still tells one tool's requests from another's.
        queryTerms.push({ id: id!, term, weight: rarity(tools) });
      }
      if (ids.length === 0) return [];
      queryNorm = Math.sqrt(queryNorm);
      scratch = grow(scratch, slotExample.length);
      // Rarest terms first. An example first met at term i shares at most terms i.. with the
      // query, and |e| ≥ their norm, so its similarity is at most √(Σ_{j≥i} w_j²) / |q|. Once
      // that is below the k-th similarity already certain, later terms only add to the
      // examples found so far (MaxScore's pruning, exact).
      ids.sort((a, b) => weights[b]! - weights[a]! || a - b);
      if (rest.length <= ids.length) {
        rest = new Float64Array(ids.length * 2 + 1);
        leastNorm = new Float64Array(ids.length * 2 + 1);
      }
      rest[ids.length] = 0;
      leastNorm[ids.length] = Number.POSITIVE_INFINITY;
      for (let i = ids.length - 1; i >= 0; i--) {
        rest[i] = rest[i + 1]! + weights[ids[i]!]! ** 2;
        leastNorm[i] = Math.min(leastNorm[i + 1]!, minNorms[ids[i]!]!);
      }
      touchedCount = 0;
      if (touched.length < slotExample.length) touched = new Int32Array(slotExample.length * 2);
      let floor = settings.minSimilarity;
      let i = 0;
      for (; i < ids.length; i++) {
        const id = ids[i]!;
        const list = postings[id]!;
        if (i > 0 && (i === 1 || list.length > touchedCount)) {
          // An example first met here or later has dot ≤ rest[i] and |e| ≥ √dot and ≥ the
          // least norm of those terms' examples.
          const bound = Math.min(Math.sqrt(rest[i]!), rest[i]! / leastNorm[i]!) / queryNorm;
          if (bound < floor * UNDER) break;
          floor = Math.max(floor, kthSimilarity(queryNorm, settings.neighbours));
          if (bound < floor * UNDER) break;
        }
        const weight = weights[id]! ** 2;
        // An example first met here has dot ≤ rest[i]: below floor·|q|·|e| it cannot be near.
        const newFloor = floor * queryNorm * UNDER;
        const most = rest[i]!;
        const length = list.length;
        for (let p = 0; p < length; p++) {
          const slot = list[p]!;
          const sum = scratch[slot]!;
          if (sum === 0) {
            if (most < newFloor * norms[slot]!) continue;
            touched[touchedCount++] = slot;
          }
          scratch[slot] = sum + weight;
        }
      }
      if (i < ids.length && touchedCount > 0) addTail(ids.slice(i));
      const count = topSimilar(queryNorm, settings, floor);
      // Descriptions compete with the examples for the nearest places; an example wins a tie,
      // so with every place taken a description must come closer than the last example.
      const last = count === settings.neighbours ? nearSimilarity[count - 1]! : 0;
      const near = descriptions.near(
        weighted,
        queryNorm,
        Math.max(settings.minSimilarity, last),
        knownTool,
      );
      if (near.length > 1) near.sort((a, b) => b.similarity - a.similarity || a.tool - b.tool);
      const tally = createVoteTally(toolNames, own, settings.sharpness, standing);
      const vote = tally.vote;
      let example = 0;
      let description = 0;
      for (let place = 0; place < settings.neighbours; place++) {
        const fromExample =
          example < count &&
          (description >= near.length || nearSimilarity[example]! >= near[description]!.similarity);
        if (fromExample) {
          const slot = nearSlot[example++]!;
          vote(slotTool[slot]!, nearSimilarity[example - 1]!, slotSign[slot]!, slotSource[slot]!);
        } else if (description < near.length) {
          const { tool, similarity } = near[description++]!;
          vote(tool, similarity, 1);
        } else break;
      }
      const tallied = tally.finish();
      const helpful: ToolVoteEntry[] = [];
      for (const entry of tallied) if (entry.vote > 0) helpful.push(entry);
      language.reweigh(helpful, queryTerms, termIds.size);
      return tallied;
    },
  };
}
