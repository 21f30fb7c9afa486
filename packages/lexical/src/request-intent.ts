import type { Tool } from '@shortlist/core';
import { lightStem } from '@shortlist/core/kit';

/** Opening words of a request that only asks (a question), not one that asks for an act. */
const askingOpeners = new Set([
  'who',
  'what',
  'when',
  'where',
  'which',
  'whose',
  'how',
  'why',
  'is',
  'are',
  'was',
  'were',
  'does',
  'do',
  'did',
  'has',
  'have',
]);

/** Verbs a tool's name or description opens with when it changes something, stemmed. */
const actingVerbs = new Set(
  [
    'add',
    'approve',
    'archive',
    'assign',
    'ban',
    'book',
    'buy',
    'cancel',
    'charge',
    'close',
    'create',
    'delete',
    'deploy',
    'disable',
    'drop',
    'edit',
    'enable',
    'execute',
    'grant',
    'invite',
    'kill',
    'merge',
    'move',
    'notify',
    'order',
    'page',
    'pay',
    'post',
    'publish',
    'purchase',
    'refund',
    'reject',
    'remove',
    'rename',
    'reset',
    'restart',
    'revoke',
    'roll',
    'run',
    'schedule',
    'send',
    'set',
    'start',
    'stop',
    'submit',
    'transfer',
    'trigger',
    'update',
    'upload',
    'write',
  ].map(lightStem),
);

/** Verbs a tool opens with when it only reads, stemmed. */
const readingVerbs = new Set(
  [
    'calculate',
    'check',
    'compute',
    'count',
    'describe',
    'fetch',
    'find',
    'get',
    'list',
    'look',
    'lookup',
    'query',
    'read',
    'retrieve',
    'return',
    'search',
    'show',
    'view',
  ].map(lightStem),
);

const firstWord = (text: string): string =>
  lightStem(/[a-z]+/i.exec(text)?.[0]?.toLowerCase() ?? '');

/** The request only asks something: it opens with a question word or ends with "?". */
export function onlyAsks(query: string): boolean {
  const words = query
    .trim()
    .toLowerCase()
    .match(/[a-z]+/g);
  return (words !== null && askingOpeners.has(words[0]!)) || query.trim().endsWith('?');
}

/** MCP annotations when the tool came as an MCP tool and carries them. */
function hints(tool: Tool): { readOnlyHint?: unknown; destructiveHint?: unknown } | undefined {
  const original = tool.original as { annotations?: unknown } | null;
  const annotations =
    typeof original === 'object' && original !== null ? original.annotations : undefined;
  return typeof annotations === 'object' && annotations !== null ? annotations : undefined;
}

/**
 * Whether the tool acts (1), only reads (-1) or cannot be told (0): MCP's `readOnlyHint` /
 * `destructiveHint` where the tool carries them, else the verb its name or description opens with.
 */
export function toolActs(tool: Tool): number {
  const declared = hints(tool);
  if (declared?.readOnlyHint === true) return -1;
  if (declared?.readOnlyHint === false || declared?.destructiveHint === true) return 1;
  for (const verb of [
    firstWord(tool.description),
    firstWord(tool.name.replace(/[_.\-/:]/g, ' ')),
  ]) {
    if (actingVerbs.has(verb)) return 1;
    if (readingVerbs.has(verb)) return -1;
  }
  return 0;
}
