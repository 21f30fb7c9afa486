import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolExample } from '@shortlist/core';
import { MAX_EXAMPLE_QUERY_LENGTH } from '@shortlist/core/kit';
import type { Gateway } from './gateway.js';

/** What one downstream session teaches: which searches led to each call, and which calls it taught. */
export interface SessionLearning {
  /**
   * A search for `query` (or the filter query) offered these tools to this session; `request` is
   * the user's own words the model passed beside it, if any.
   */
  offered(query: string, tools: readonly { readonly name: string }[], request?: string): void;
  /** A batched search offered each of these tools for the needs that found it. */
  offeredForNeeds(
    found: readonly { readonly name: string; readonly needs: readonly string[] }[],
    request?: string,
  ): void;
  /**
   * A call of `tool` answered `result`: a success teaches the tool every search that led to it
   * (see `sessionLearning`), each text once per session, as taught by `source` (`learningSource`).
   */
  called(tool: string, result: CallToolResult, source?: string): void;
  /**
   * Resolves once the lessons of this session's calls so far are taught, or after
   * `lessonWaitMs`: a search waits for it, so it is answered with what the calls before it taught.
   */
  taught(): Promise<void>;
}

/** One search of this session, as learning needs it. */
interface SessionSearch {
  /** Each tool it offered, with the texts that found it (the query, or the needs of a batch). */
  readonly offered: ReadonlyMap<string, readonly string[]>;
  /** What any tool called after it teaches: a single search's query and the user's request. */
  readonly asked: readonly string[];
}

/** Searches a session remembers; older ones are too far back to have led to a call. */
const maxSearches = 32;

/**
 * Longest a search waits for the lessons of the session's earlier calls. A lesson waits for the
 * store (a file store's fsync): untaught, a request asked again at once would not find its tool,
 * yet a slow or unreachable store must not stall searches.
 */
const lessonWaitMs = 1000;

/** A text as an example holds it: its first `MAX_EXAMPLE_QUERY_LENGTH` units, whole characters; none if blank. */
function exampleQuery(text: string): string | undefined {
  const cut =
    text.length <= MAX_EXAMPLE_QUERY_LENGTH ? text : text.slice(0, MAX_EXAMPLE_QUERY_LENGTH);
  // Do not leave half of a surrogate pair at the end.
  const whole = /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
  return whole.trim() === '' ? undefined : whole;
}

const examplesOf = (texts: readonly (string | undefined)[]): string[] => [
  ...new Set(texts.flatMap((text) => (text === undefined ? [] : (exampleQuery(text) ?? [])))),
];

/**
 * Learning for one MCP session. A successful call of a tool that a search of this session offered
 * teaches it, through `gateway.record` (so `picker.learn()`), every search since the session's
 * previous call of an offered tool up to the last one that offered it: the searches in the user's
 * words that found nothing or found it low, then the one that found it, and the user's `request`
 * passed with any of them. A call of a tool never offered teaches nothing; a failed call teaches
 * nothing but still closes its searches, which led to it rather than to a later tool. What one
 * call teaches is one lesson (one `picker.learn()`), and the session's next search waits for it.
 */
export function sessionLearning(gateway: Gateway): SessionLearning {
  const searches: SessionSearch[] = [];
  /** Index of the first search not yet followed by a call of a tool it led to. */
  let open = 0;
  const recorded = new Set<string>();
  /** Lessons of this session's calls still being taught. */
  const teaching = new Set<Promise<void>>();
  const remember = (search: SessionSearch) => {
    searches.push(search);
    if (searches.length > maxSearches) {
      searches.shift();
      open = Math.max(0, open - 1);
    }
  };
  return {
    offered(query, tools, request) {
      const texts = examplesOf([query]);
      remember({
        offered: new Map(tools.map((tool) => [tool.name, texts])),
        asked: examplesOf([query, request]),
      });
    },
    offeredForNeeds(found, request) {
      remember({
        offered: new Map(found.map((tool) => [tool.name, examplesOf(tool.needs)])),
        // A batch's needs each name another tool: only the user's request speaks for them all.
        asked: examplesOf([request]),
      });
    },
    called(tool, result, source) {
      let last = searches.length - 1;
      while (last >= 0 && !searches[last]!.offered.has(tool)) last--;
      if (last < 0) return;
      // Searches before an earlier call led to that call; a tool found back then teaches its own search only.
      const first = Math.min(open, last);
      open = Math.max(open, last + 1);
      // A failed call is weak evidence either way (bad arguments, a down service): teach nothing.
      if (result.isError === true) return;
      const lesson: ToolExample[] = [];
      for (let i = first; i <= last; i++) {
        const search = searches[i]!;
        for (const query of [...(search.offered.get(tool) ?? []), ...search.asked]) {
          const key = JSON.stringify([tool, query]);
          if (recorded.has(key)) continue;
          recorded.add(key);
          lesson.push(source === undefined ? { query, tool } : { query, tool, source });
        }
      }
      if (lesson.length === 0) return;
      // record() never rejects: a failure is the gateway's warning.
      const done = gateway.record(lesson).finally(() => teaching.delete(done));
      teaching.add(done);
    },
    async taught() {
      if (teaching.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, lessonWaitMs);
      });
      await Promise.race([Promise.all(teaching), late]);
      clearTimeout(timer);
    },
  };
}
