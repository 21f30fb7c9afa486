import { InvalidArgumentError, type Picker } from '@shortlist/core';
import { type ToolSession, type ToolSessionOptions, toolSession } from '@shortlist/core/adapter';
import { checkInteger } from '@shortlist/core/kit';

/** One conversation's session and the catalogue tools its agent can run. */
interface ConversationEntry<Original> {
  readonly session: ToolSession<Original>;
  /** Catalogue tools the last model call could have been offered; a search lists only these. */
  available: ReadonlySet<string> | undefined;
  /** Tool calls already reported to the session, by call id. */
  readonly seenCalls: Set<string>;
}

/** Sessions by conversation, the least recently used dropped past `maxConversations`. */
export interface ConversationSessions<Original> {
  get(key: string): ConversationEntry<Original>;
}

export function conversationSessions<Original>(
  picker: Picker<Original>,
  options: ToolSessionOptions,
  maxConversations: number,
): ConversationSessions<Original> {
  toolSession(picker, options); // checks the options now rather than on the first model call
  const entries = new Map<string, ConversationEntry<Original>>();
  return {
    get(key) {
      let entry = entries.get(key);
      if (entry) {
        entries.delete(key); // re-inserted below: Map order is recency order
      } else {
        entry = {
          session: toolSession(picker, options),
          available: undefined,
          seenCalls: new Set(),
        };
        if (entries.size >= maxConversations) entries.delete(entries.keys().next().value!);
      }
      entries.set(key, entry);
      return entry;
    },
  };
}

/** Checks that a middleware was given an indexed picker, e.g. `await pipe(bm25()).index(tools)`. */
export function checkPicker(picker: unknown, at: string): void {
  const candidate = picker as Partial<Picker> | null | undefined;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.select !== 'function' ||
    typeof candidate.get !== 'function'
  ) {
    const hint =
      typeof (candidate as { index?: unknown } | null)?.index === 'function'
        ? 'that is a pipeline; index it first: await pipe(...).index(await readLangChainTools(tools))'
        : 'build one with await pipe(bm25()).index(await readLangChainTools(tools))';
    throw new InvalidArgumentError({
      argument: `${at}(picker)`,
      expected: 'an indexed picker',
      message: `${at}(picker) needs an indexed picker; ${hint}`,
    });
  }
}

/** Checks `maxConversations`: a positive integer. */
export function checkMaxConversations(value: unknown, at: string): number {
  return checkInteger(value, `${at}(options.maxConversations)`);
}
