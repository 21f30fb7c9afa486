import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkInteger } from '../util/check-integer.js';

/** One message of a conversation, reduced to what a query needs: who spoke and the text. */
export interface ConversationTurn {
  readonly role: 'user' | 'assistant' | 'system' | 'tool';
  readonly text: string;
}

/** How a query is built from a conversation. */
export interface ConversationQueryOptions {
  /** Earlier user and assistant turns that add context to the last user message. @default 3 */
  readonly recentTurns?: number;
  /** The last user message appears this many times, so its words outweigh the context's. @default 2 */
  readonly lastUserWeight?: number;
  /** Characters kept of the last user message; a longer paste keeps its head and tail. @default 2000 */
  readonly maxChars?: number;
  /** Characters kept of each earlier turn. @default 400 */
  readonly maxContextChars?: number;
}

const checkCount = (value: unknown, name: string, min: number, at = 'conversationQuery'): number =>
  checkInteger(value, at === 'conversationQuery' ? `${at}(options.${name})` : `${at}(${name})`, {
    min,
  });

/**
 * Keeps a long text's head and tail: a request pasted around a log or a file usually says what it
 * wants at the start or the end, and the middle would drown the request's words.
 */
export function trimText(text: string, maxChars: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxChars) return clean;
  const head = Math.ceil(maxChars * 0.6);
  return `${clean.slice(0, head)} ${clean.slice(clean.length - (maxChars - head))}`;
}

/** A user or assistant turn with words in it: what a query is built from. */
const spoken = (turn: ConversationTurn | undefined): boolean =>
  !!turn &&
  (turn.role === 'user' || turn.role === 'assistant') &&
  typeof turn.text === 'string' &&
  turn.text.trim() !== '';

/** Index of the last user turn with words in it, or -1. */
const lastUserIndex = (turns: readonly ConversationTurn[]): number => {
  let last = turns.length - 1;
  while (last >= 0 && !(spoken(turns[last]) && turns[last]!.role === 'user')) last--;
  return last;
};

const checkTurns = (turns: unknown, at: string): void => {
  if (!Array.isArray(turns)) {
    throw new InvalidArgumentError({
      argument: `${at}(turns)`,
      expected: 'an array of { role, text } turns',
      message: `${at}(turns) takes an array of { role, text } turns`,
    });
  }
};

/**
 * The user's request in a conversation: its last user message, trimmed like `conversationQuery`
 * trims it. What a tool search serves, so a found tool the model calls is learnt under the user's
 * own words too. `undefined` when no user has spoken.
 */
export function lastUserRequest(
  turns: readonly ConversationTurn[],
  maxChars = 2000,
): string | undefined {
  checkTurns(turns, 'lastUserRequest');
  checkCount(maxChars, 'maxChars', 1, 'lastUserRequest');
  const last = lastUserIndex(turns);
  return last < 0 ? undefined : trimText(turns[last]!.text, maxChars);
}

/**
 * The retrieval query for a conversation: the last user message, weighted, then the other recent
 * user and assistant text, newest first. Tool results and system prompts are left out: they
 * describe what was already done rather than the next need. Empty when no user has spoken.
 */
export function conversationQuery(
  turns: readonly ConversationTurn[],
  options: ConversationQueryOptions = {},
): string {
  checkTurns(turns, 'conversationQuery');
  const recentTurns = checkCount(options.recentTurns ?? 3, 'recentTurns', 0);
  const weight = checkCount(options.lastUserWeight ?? 2, 'lastUserWeight', 1);
  const maxChars = checkCount(options.maxChars ?? 2000, 'maxChars', 1);
  const maxContextChars = checkCount(options.maxContextChars ?? 400, 'maxContextChars', 1);
  const last = lastUserIndex(turns);
  if (last < 0) return '';
  const request = trimText(turns[last]!.text, maxChars);
  const parts: string[] = Array.from({ length: weight }, () => request);
  for (let i = turns.length - 1, kept = 0; i >= 0 && kept < recentTurns; i--) {
    const turn = turns[i];
    if (i === last || !spoken(turn)) continue;
    parts.push(trimText(turn!.text, maxContextChars));
    kept++;
  }
  return parts.join('\n');
}
