import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Picker } from '../pipeline/picker.js';
import type { Pick, Selection } from '../pipeline/selection.js';
import type { CallOptions } from '../spec/call-options.js';
import type { Tool } from '../tools/tool.js';

/** Most needs one batched search may hold. */
export const MAX_NEEDS = 16;

/** A tool of a batched search, with the needs whose own search found it. */
export interface NeedPick<Original = unknown> extends Pick<Original> {
  /** Indexes into `needs` of every need whose search found this tool, ascending. */
  readonly needs: readonly number[];
}

/** What a batched search returns: one packed, deduplicated answer for several needs. */
export interface NeedsSelection<Original = unknown> {
  readonly needs: readonly string[];
  /** The tools, each need's best first: every need's first pick, then their second picks, and so on. */
  readonly picks: readonly NeedPick<Original>[];
  readonly tools: readonly Tool<Original>[];
  readonly originals: readonly Original[];
  /** Sum of the picks' tokens, when the pipeline packs; never above the budget. */
  readonly totalTokens?: number;
}

export interface NeedsSearchOptions extends CallOptions {
  /** Most tools for each need. @default 5 */
  readonly limit?: number;
  /** Token budget of the whole answer. @default the picker's own (`picker.maxTokens`), or none */
  readonly maxTokens?: number;
  /** Who asks, as `select(query, { source })` names it. */
  readonly source?: string;
}

/**
 * The JSON Schema of a search tool's `queries` input: 1 to `MAX_NEEDS` strings, what `checkNeeds`
 * accepts, with the adapter's own `description` for the model.
 */
export function needsSchema(description: string): {
  readonly type: 'array';
  readonly items: { readonly type: 'string' };
  readonly minItems: 1;
  readonly maxItems: number;
  readonly description: string;
} {
  return {
    type: 'array',
    items: { type: 'string' },
    minItems: 1,
    maxItems: MAX_NEEDS,
    description,
  };
}

/**
 * Checks a batch of needs: 1 to `MAX_NEEDS` non-blank strings. `argument` names the input in
 * the error (e.g. `search_tools(queries)`).
 */
export function checkNeeds(needs: unknown, argument: string): string[] {
  const fail = (message: string): never => {
    throw new InvalidArgumentError({
      argument,
      expected: `an array of 1 to ${MAX_NEEDS} non-empty strings`,
      message,
    });
  };
  if (!Array.isArray(needs)) {
    return fail(`${argument} must be an array of 1 to ${MAX_NEEDS} strings, one need each`);
  }
  if (needs.length === 0 || needs.length > MAX_NEEDS) {
    return fail(
      `${argument} must hold 1 to ${MAX_NEEDS} needs, got ${needs.length}; split a longer list into several searches`,
    );
  }
  needs.forEach((need, i) => {
    if (typeof need !== 'string' || need.trim() === '') {
      fail(`${argument}[${i}] must be a non-empty string saying what one tool should do`);
    }
  });
  return needs as string[];
}

/**
 * Merges each need's own selection into one answer under `maxTokens`. Fair by rank: first every
 * need's best tool, then rounds of the next best in which a need spends at most its share of
 * the budget (budget ÷ needs), then whatever still fits, in the same order. A tool two needs
 * found is listed once, attributed to both.
 */
export function mergeNeeds<Original>(
  needs: readonly string[],
  selections: readonly Selection<Original>[],
  maxTokens?: number,
): NeedsSelection<Original> {
  const budget = maxTokens ?? Number.POSITIVE_INFINITY;
  const share = budget / Math.max(1, selections.length);
  const chosen = new Map<string, Pick<Original>>();
  const spent = selections.map(() => 0);
  let total = 0;
  let packed = false;
  /** Adds a pick unless it is over the budget (or, capped, over its need's share); true when placed. */
  const place = (need: number, pick: Pick<Original>, capped: boolean): boolean => {
    if (chosen.has(pick.name)) return true;
    const tokens = pick.tokens ?? 0;
    if (pick.tokens !== undefined) packed = true;
    if (total + tokens > budget) return true; // never fits: skipped for good
    if (capped && spent[need]! + tokens > share) return false;
    chosen.set(pick.name, pick);
    total += tokens;
    spent[need]! += tokens;
    return true;
  };
  selections.forEach((selection, need) => {
    const first = selection.picks[0];
    if (first) place(need, first, false);
  });
  const deferred: [number, Pick<Original>][] = [];
  const depth = Math.max(0, ...selections.map((selection) => selection.picks.length));
  for (let rank = 1; rank < depth; rank++) {
    selections.forEach((selection, need) => {
      const pick = selection.picks[rank];
      if (pick && !place(need, pick, true)) deferred.push([need, pick]);
    });
  }
  for (const [need, pick] of deferred) place(need, pick, false);

  const foundBy = new Map<string, number[]>();
  selections.forEach((selection, need) => {
    for (const pick of selection.picks) {
      if (!chosen.has(pick.name)) continue;
      const list = foundBy.get(pick.name) ?? [];
      if (list.at(-1) !== need) list.push(need);
      foundBy.set(pick.name, list);
    }
  });
  const picks: NeedPick<Original>[] = [...chosen.values()].map((pick, i) => ({
    ...pick,
    rank: i + 1,
    needs: foundBy.get(pick.name)!,
  }));
  return {
    needs,
    picks,
    tools: picks.map((pick) => pick.tool),
    originals: picks.map((pick) => pick.tool.original),
    ...(packed ? { totalTokens: total } : {}),
  };
}

/**
 * A batched search: each need is searched on its own (`limit` tools each), and the answers are
 * merged by `mergeNeeds` under the picker's budget, so one need cannot crowd out the others.
 */
export async function searchNeeds<Original>(
  picker: Picker<Original>,
  needs: readonly string[],
  options: NeedsSearchOptions = {},
): Promise<NeedsSelection<Original>> {
  const checked = checkNeeds(needs, 'searchNeeds(needs)');
  const limit = options.limit ?? 5;
  const { maxTokens } = options;
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens > 0)) {
    throw new InvalidArgumentError({
      argument: 'searchNeeds(options.maxTokens)',
      expected: 'a positive integer',
      message: `searchNeeds(options.maxTokens) must be a positive integer, got ${String(maxTokens)}`,
    });
  }
  const selections = await Promise.all(
    checked.map((need) =>
      picker.select(need, {
        limit,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.source === undefined ? {} : { source: options.source }),
      }),
    ),
  );
  return mergeNeeds(checked, selections, maxTokens ?? picker.maxTokens);
}
