import type { ToolVoteEntry } from './tool-language.js';

/**
 * Similarity from which an example counts as the same request in other words, trusted in full;
 * below it, an example generalises and counts as far as learning has earned trust (README).
 */
const SAME_REQUEST = 0.5;

/** How much of other sources' evidence for a tool counts when `sources` of them give it: n / (n + 2). */
const agreeing = (sources: number): number => sources / (sources + AGREEMENT);
const AGREEMENT = 2;

/** One tool's tally: its net vote and where the evidence came from. */
export interface TallyEntry extends ToolVoteEntry {
  /** The part of `vote` from the asker's own examples of the same request. */
  same: number;
  /** The part of `vote` from learnt examples, not from the tool's own description: the evidence. */
  learnt: number;
  /** The part of `learnt` from other sources than the asker's, each counted once for this tool. */
  others: number;
  /** The other sources whose examples voted for this tool. */
  readonly voters: number[];
  /** How many other sources voted on this tool, either way. */
  sources: number;
}

/**
 * The votes of a query's nearest examples and descriptions, tool by tool: the asker's own
 * examples (source `own`) vote as they are; another source votes once per tool, with its nearest
 * example, weighed by its `standing`, and its evidence counts by how many sources agree.
 */
export function createVoteTally(
  toolNames: readonly string[],
  own: number,
  sharpness: number,
  standing: ((source: number) => number) | undefined,
) {
  const net = new Map<number, TallyEntry>();
  /** Other sources that already voted, per tool: each counts once, with its nearest example. */
  const counted = new Set<string>();
  return {
    /** One neighbour's vote; `source` is undefined for a tool's own description. */
    vote(tool: number, similarity: number, sign: number, source?: number): void {
      const other = source !== undefined && source !== own;
      if (other) {
        const pair = `${source}:${tool}`;
        if (counted.has(pair)) return;
        counted.add(pair);
      }
      let entry = net.get(tool);
      if (!entry) {
        entry = {
          index: tool,
          tool: toolNames[tool]!,
          vote: 0,
          same: 0,
          learnt: 0,
          others: 0,
          voters: [],
          sources: 0,
        };
        net.set(tool, entry);
      }
      // Another source's vote weighs as far as its examples served others before.
      const value = similarity ** sharpness * sign * (other ? (standing?.(source) ?? 1) : 1);
      entry.vote += value;
      if (source === undefined) return; // a description, not evidence
      entry.learnt += value;
      if (other) {
        entry.others += value;
        entry.sources++;
        if (sign > 0) entry.voters.push(source);
      } else if (similarity >= SAME_REQUEST) entry.same += value;
    },
    /** Every tool's tally, other sources' evidence counted by how many of them agree. */
    finish(): TallyEntry[] {
      for (const entry of net.values()) {
        if (entry.sources === 0) continue;
        // One source alone counts a third, many nearly in full: one caller's say stays small.
        const cut = entry.others * (1 - agreeing(entry.sources));
        entry.others -= cut;
        entry.learnt -= cut;
        entry.vote -= cut;
      }
      return [...net.values()];
    },
  };
}
