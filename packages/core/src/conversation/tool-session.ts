import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { MAX_EXAMPLE_QUERY_LENGTH, type ToolExample } from '../learning/tool-example.js';
import type { Picker } from '../pipeline/picker.js';
import type { Pick, Selection } from '../pipeline/selection.js';
import type { CallOptions } from '../spec/call-options.js';
import type { Tool } from '../tools/tool.js';
import { checkInteger } from '../util/check-integer.js';
import { type NeedsSelection, searchNeeds } from './search-needs.js';

/** How a conversation's offered tools grow and what it learns from. */
export interface ToolSessionOptions {
  /** Tools picked for each request or search. @default 5 */
  readonly limit?: number;
  /** Most tools offered at once; past it the least recently useful unpinned tool makes room. @default 16 */
  readonly maxTools?: number;
  /** Cap on the offered tools' definition tokens; needs a pipeline that packs (`.pack(budget(n))`). */
  readonly maxTokens?: number;
  /**
   * Whether a call teaches the picker `{ query, tool }` through `picker.learn()`, the one door
   * every entry shares (a picker that does not learn is taught nothing); `false` teaches nothing.
   * @default true
   */
  readonly learn?: boolean;
  /** Called when teaching fails; learning never breaks the agent loop. @default ignores it */
  readonly onLearnError?: (error: unknown) => void;
  /**
   * Who this conversation speaks for (a user or client id): its selects ask as it and its calls
   * teach under it, so one user's calls cannot steer other users' picks (@shortlist/learn,
   * Security). @default the one anonymous source
   */
  readonly source?: string;
}

/** What to offer the model for its next call. */
export interface Offer<Original = unknown> {
  /** The offered tools, in a stable order: earlier tools first, new ones appended. */
  readonly tools: readonly Tool<Original>[];
  readonly names: readonly string[];
  /** Tools offered now that were not before this call. */
  readonly added: readonly string[];
  /** Tools that made room for better ones; the list stayed append-only when this is empty. */
  readonly evicted: readonly string[];
  /** This request's own selection, before it joined the offered set. */
  readonly selection: Selection<Original>;
}

export interface OfferOptions extends CallOptions {
  /** Tools the model has called in this conversation (all of its history is fine); they stay offered. */
  readonly called?: readonly string[];
  /**
   * The user's own message this offer serves (`lastUserRequest(turns)`), when the query is built
   * from a conversation: a call of a pre-selected tool teaches it, once, so `forget({ query })`
   * with the user's words erases it. @default the query
   */
  readonly request?: string;
}

export interface SearchOptions extends CallOptions {
  /** Most tools to return. @default the session's `limit` */
  readonly limit?: number;
  /**
   * The user's request this search serves (e.g. the last user message). A found tool the model
   * then calls teaches it too, so the next such request pre-selects the tool with no search.
   * @default the last `offer` query of this session
   */
  readonly request?: string;
}

/**
 * One conversation's view of a catalogue: the tools offered so far, kept stable across turns
 * so provider prompt caches survive, and the tools the model used, which stay offered.
 */
export interface ToolSession<Original = unknown> {
  /** Pre-selection: picks tools for the conversation so far and adds them to the offered set. */
  offer(query: string, options?: OfferOptions): Promise<Offer<Original>>;
  /** Tool search: the best matches for a query the model wrote; they join the offered set. */
  search(query: string, options?: SearchOptions): Promise<Selection<Original>>;
  /**
   * Batched tool search: several needs answered in one packed, deduplicated result (see
   * `searchNeeds`); they join the offered set, and a call of one teaches the needs that found it.
   */
  searchNeeds(needs: readonly string[], options?: SearchOptions): Promise<NeedsSelection<Original>>;
  /**
   * Records that the model called these tools: they stay offered, and the first call of each
   * teaches `{ query, tool }` through `picker.learn()` unless `learn: false`. Passing the whole
   * history's calls is fine.
   */
  called(names: readonly string[], options?: CallOptions): Promise<void>;
  /** Names offered now, in order. */
  readonly offered: readonly string[];
}

interface Slot {
  /** Turn at which the tool was last picked, found or called. */
  touched: number;
  pinned: boolean;
  tokens: number;
  /** The queries under which the tool was last picked or found (a search's and its user request): what a call teaches. */
  queries: readonly string[];
}

const positiveInteger = (value: unknown, name: string): number =>
  checkInteger(value, `toolSession(options.${name})`);

/**
 * A text as an example's query: a conversation's latest part, within what an example holds
 * (a request longer than that is mostly history); nothing for a blank text.
 */
const exampleQuery = (text: unknown): string | undefined => {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  return text.length <= MAX_EXAMPLE_QUERY_LENGTH ? text : text.slice(-MAX_EXAMPLE_QUERY_LENGTH);
};

/**
 * Starts a conversation over an indexed picker. Create one per conversation; adapters call
 * `offer` before each model call (pre-selection) or `search` from a search tool.
 */
export function toolSession<Original>(
  picker: Picker<Original>,
  options: ToolSessionOptions = {},
): ToolSession<Original> {
  const limit = positiveInteger(options.limit ?? 5, 'limit');
  const maxTools = positiveInteger(options.maxTools ?? 16, 'maxTools');
  const maxTokens =
    options.maxTokens === undefined ? undefined : positiveInteger(options.maxTokens, 'maxTokens');
  if (maxTools < limit) {
    throw new InvalidArgumentError({
      argument: 'toolSession(options.maxTools)',
      expected: `at least limit (${limit})`,
      message: `toolSession(): maxTools (${maxTools}) is below limit (${limit}); one request's picks must fit`,
    });
  }
  const slots = new Map<string, Slot>();
  let turn = 0;
  /** The latest user request this session pre-selected for: what a search serves unless told. */
  let lastRequest: string | undefined;
  if (options.learn !== undefined && typeof options.learn !== 'boolean') {
    throw new InvalidArgumentError({
      argument: 'toolSession(options.learn)',
      expected: 'true or false',
      message:
        'toolSession(options.learn) must be true or false; calls teach the picker itself, so give a store to the pipeline instead (lexical({ examples: store }))',
    });
  }
  const teaches = options.learn !== false;

  const tokensOf = (name: string, tokens: number | undefined): number => {
    if (maxTokens === undefined) return 0;
    if (tokens === undefined) {
      throw new InvalidArgumentError({
        argument: 'toolSession(options.maxTokens)',
        expected: 'a pipeline that packs',
        message: `toolSession(): maxTokens needs each pick's token count, but "${name}" has none; add .pack(budget(n)) to the pipeline or drop maxTokens`,
      });
    }
    return tokens;
  };
  const totalTokens = (): number => {
    let sum = 0;
    for (const slot of slots.values()) sum += slot.tokens;
    return sum;
  };
  /** The unpinned slot touched longest ago, before this turn: the one to give up for a better tool. */
  const stalest = (): string | undefined => {
    let found: string | undefined;
    let oldest = turn;
    for (const [name, slot] of slots) {
      if (!slot.pinned && slot.touched < oldest) {
        oldest = slot.touched;
        found = name;
      }
    }
    return found;
  };
  /** Drops tools that left the catalogue since they were offered. */
  const forgetRemoved = (): void => {
    for (const name of [...slots.keys()]) if (!picker.get(name)) slots.delete(name);
  };

  const join = <P extends Pick<Original>>(
    picks: readonly P[],
    queriesOf: (pick: P) => readonly string[],
  ) => {
    const added: string[] = [];
    const evicted: string[] = [];
    for (const pick of picks) {
      const queries = queriesOf(pick);
      const slot = slots.get(pick.name);
      if (slot) {
        slot.touched = turn;
        slot.queries = queries;
        continue;
      }
      const tokens = tokensOf(pick.name, pick.tokens);
      const fits = () =>
        slots.size < maxTools && (maxTokens === undefined || totalTokens() + tokens <= maxTokens);
      while (!fits()) {
        const out = stalest();
        if (out === undefined) break;
        slots.delete(out);
        evicted.push(out);
      }
      if (!fits()) continue;
      slots.set(pick.name, { touched: turn, pinned: false, tokens, queries });
      added.push(pick.name);
    }
    return { added, evicted };
  };

  /** The source selects ask as and examples are taught under, when the conversation names one. */
  const asker = options.source === undefined ? {} : { source: options.source };

  const pin = (names: readonly string[] | undefined): ToolExample[] => {
    const examples: ToolExample[] = [];
    if (names === undefined) return examples;
    if (!Array.isArray(names)) {
      throw new InvalidArgumentError({
        argument: 'called',
        expected: 'an array of tool names',
        message: 'the called tools must be an array of tool names',
      });
    }
    for (const name of names) {
      const slot = typeof name === 'string' ? slots.get(name) : undefined;
      if (!slot) continue; // never offered: a hallucinated or removed tool teaches nothing
      slot.touched = turn;
      // Adapters pass every call in the history each turn, so only the first call of a tool
      // teaches: a later pick of the same tool under another query is not a new call.
      if (slot.pinned) continue;
      slot.pinned = true;
      for (const query of slot.queries) examples.push({ query, tool: name, ...asker });
    }
    return examples;
  };

  /** What a call of a found tool teaches: the searched texts and the user's request, once each. */
  const taught = (searched: readonly string[], request: string | undefined): string[] => {
    const user = request === undefined ? lastRequest : exampleQuery(request);
    return [...searched.map(exampleQuery), user].filter(
      (text, i, all): text is string => text !== undefined && all.indexOf(text) === i,
    );
  };

  /** Teaches through `picker.learn()`, the door the gateway and `learn()` by hand use too. */
  const learn = async (examples: ToolExample[], signal: AbortSignal | undefined) => {
    if (!teaches || !picker.learns) return;
    // A tool removed since it was offered is no example (learn() would refuse the whole batch).
    const known = examples.filter((example) => picker.get(example.tool) !== undefined);
    if (known.length === 0) return;
    try {
      await picker.learn(known, signal ? { signal } : undefined);
    } catch (error) {
      options.onLearnError?.(error);
    }
  };

  return {
    get offered() {
      return [...slots.keys()];
    },

    async offer(query, offerOptions = {}) {
      turn++;
      forgetRemoved();
      await learn(pin(offerOptions.called), offerOptions.signal);
      const selection = await picker.select(query, {
        limit,
        signal: offerOptions.signal,
        ...asker,
      });
      lastRequest = exampleQuery(offerOptions.request ?? query);
      const requested = lastRequest === undefined ? [] : [lastRequest];
      const { added, evicted } = join(selection.picks, () => requested);
      forgetRemoved(); // a remove() may have run while selecting
      const names = [...slots.keys()];
      return {
        names,
        tools: names.map((name) => picker.get(name)!),
        added,
        evicted,
        selection,
      };
    },

    async search(query, searchOptions = {}) {
      turn++;
      forgetRemoved();
      const selection = await picker.select(query, {
        limit: searchOptions.limit ?? limit,
        signal: searchOptions.signal,
        ...asker,
      });
      const queries = taught([query], searchOptions.request);
      join(selection.picks, () => queries);
      return selection;
    },

    async searchNeeds(needs, searchOptions = {}) {
      turn++;
      forgetRemoved();
      const found = await searchNeeds(picker, needs, {
        limit: searchOptions.limit ?? limit,
        ...(searchOptions.signal ? { signal: searchOptions.signal } : {}),
        ...asker,
      });
      join(found.picks, (pick) =>
        taught(
          pick.needs.map((need) => found.needs[need]!),
          searchOptions.request,
        ),
      );
      return found;
    },

    async called(names, callOptions) {
      await learn(pin(names), callOptions?.signal);
    },
  };
}
