import type { Selection, Tool } from '@shortlist/core';
import { textTable } from './text-table.js';

/**
 * The JSON shape of one selection: picks with scores, per-ranker placements and token costs, and
 * with `definitions` each pick's definition exactly as the catalogue gave it.
 */
export function selectionJson(
  selection: Selection,
  pipeline: string,
  definitions?: ReadonlyMap<string, Tool>,
): unknown {
  return {
    query: selection.query,
    pipeline,
    picks: selection.picks.map((pick) => ({
      rank: pick.rank,
      name: pick.name,
      score: pick.score,
      sources: pick.sources,
      ...(pick.tokens === undefined ? {} : { tokens: pick.tokens }),
      ...(definitions ? { definition: definitions.get(pick.name)?.original } : {}),
    })),
    ...(selection.totalTokens === undefined ? {} : { totalTokens: selection.totalTokens }),
    dropped: selection.dropped,
    ...(selection.abstained === undefined ? {} : { abstained: selection.abstained }),
    ...(selection.confidence === undefined ? {} : { confidence: selection.confidence }),
  };
}

/**
 * First-pick confidence under which the table calls the pick unsure: it is then more likely wrong
 * than right, so a tool that acts should not be called on it without asking.
 */
const UNSURE_BELOW = 0.5;

/** The selection's confidence in words, or undefined when its pipeline gives none. */
function confidenceLine(selection: Selection): string | undefined {
  const { confidence } = selection;
  if (confidence === undefined) return undefined;
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  const unsure = confidence.first < UNSURE_BELOW ? ' (unsure: more likely wrong than right)' : '';
  return `confidence: first pick right ${percent(confidence.first)}${unsure}, a right tool in the first five ${percent(confidence.top5)}`;
}

const score = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(4));

/**
 * A selection as an aligned table: rank, tool, fused score, each ranker's rank (`-` when it did
 * not return the tool), tokens; then the total against the budget.
 */
export function selectionTable(selection: Selection, budget?: number): string {
  if (selection.picks.length === 0) {
    if (selection.abstained !== undefined) return `no tool matched: ${selection.abstained}`;
    return budgetNote(selection, budget) ?? 'no tool matched the query';
  }
  const rankers = [...new Set(selection.picks.flatMap((pick) => Object.keys(pick.sources)))].sort();
  const packed = selection.totalTokens !== undefined;
  const header = [
    '#',
    'tool',
    'score',
    ...rankers.map((ranker) => `${ranker} #`),
    ...(packed ? ['tokens'] : []),
  ];
  const rows = selection.picks.map((pick) => [
    String(pick.rank),
    pick.name,
    score(pick.score),
    ...rankers.map((ranker) => String(pick.sources[ranker]?.rank ?? '-')),
    ...(packed ? [String(pick.tokens ?? '')] : []),
  ]);
  const right = new Set([0, 2, ...rankers.map((_, i) => 3 + i), 3 + rankers.length]);
  const lines = [textTable(header, rows, right)];
  if (packed) {
    const over = selection.dropped.filter((entry) => entry.reason !== 'over-limit').length;
    lines.push(
      `${selection.picks.length} tool${selection.picks.length === 1 ? '' : 's'}, ${selection.totalTokens} tokens${
        budget === undefined ? '' : ` of ${budget}`
      }${over > 0 ? `; ${over} candidates left out to stay within the budget` : ''}`,
    );
  }
  const confident = confidenceLine(selection);
  if (confident !== undefined) lines.push(confident);
  return lines.join('\n');
}

/**
 * Why a selection came back empty although candidates matched: each was larger than the whole
 * budget. Undefined when the budget dropped nothing that way or something was picked.
 */
export function budgetNote(selection: Selection, budget: number | undefined): string | undefined {
  if (selection.picks.length > 0) return undefined;
  const larger = selection.dropped.filter((entry) => entry.reason !== 'over-limit');
  if (larger.length === 0) return undefined;
  const sizes = larger.flatMap((entry) => (entry.tokens === undefined ? [] : [entry.tokens]));
  const smallest = sizes.length > 0 ? Math.min(...sizes) : undefined;
  return `no tool fits the budget${budget === undefined ? '' : ` of ${budget} tokens`}: ${larger.length} matching candidate${larger.length === 1 ? ' was' : 's were'} dropped as larger than the budget (${larger
    .slice(0, 5)
    .map((entry) => `${entry.name}${entry.tokens === undefined ? '' : ` ${entry.tokens}`}`)
    .join(
      ', ',
    )}${larger.length > 5 ? ', ...' : ''})${smallest === undefined ? '' : `; pass --budget ${smallest} or more`}`;
}
