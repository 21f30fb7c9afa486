import type { ChatModel, ResponsesModel, WireObject, WireRequest } from '@shortlist/test-servers';
import { functionCall, message, toolSearchCall } from '@shortlist/test-servers';

type Item = WireObject;

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: Item) => (typeof part?.text === 'string' ? part.text : '')).join(' ')
      : '';

/** The last user message's text and the items after it: what the model answers now. */
function lastTurn(input: unknown): { user: string; since: Item[] } {
  const items: Item[] =
    typeof input === 'string' ? [{ role: 'user', content: input }] : (input as Item[]);
  let at = items.length - 1;
  while (at >= 0 && !(items[at]!.role === 'user' && (items[at]!.type ?? 'message') === 'message'))
    at--;
  return { user: at >= 0 ? textOf(items[at]!.content) : '', since: items.slice(at + 1) };
}

/** Names of the function tools a Responses request offers directly (not deferred). */
export function offeredNames(body: WireRequest): string[] {
  return (body.tools ?? [])
    .filter((tool: Item) => tool.type === 'function' && tool.defer_loading !== true)
    .map((tool: Item) => tool.name as string);
}

/** Names of the function tools the input's tool_search_output items loaded. */
export function loadedNames(input: unknown): string[] {
  if (!Array.isArray(input)) return [];
  return input
    .filter((item: Item) => item.type === 'tool_search_output')
    .flatMap((item: Item) => item.tools as Item[])
    .flatMap((tool) => (tool.type === 'namespace' ? (tool.tools as Item[]) : [tool]))
    .filter((tool) => tool.type === 'function')
    .map((tool) => tool.name as string);
}

export interface SearchScript {
  /** The query the model writes for the user's message (its own words, not the user's); a list is a batched search. */
  readonly query: (user: string) => string | readonly string[];
  /** The tool it calls among those the latest search found. */
  readonly pick: (found: readonly string[], user: string) => string | undefined;
}

/** The model words its own search (nothing in it is the user's wording), then picks the wanted tool. */
export const emailOrSecrets: SearchScript = {
  query: (user) =>
    /email/i.test(user) ? 'send an email message' : 'scan repository for exposed credentials',
  pick: (found, user) => {
    const wanted = /email/i.test(user) ? 'send_email' : 'scan_secrets';
    return found.includes(wanted) ? wanted : undefined;
  },
};

/** The model asks one batched search for both needs of a two-part request, then sends the email. */
export const emailAndSecrets: SearchScript = {
  query: () => ['scan repository for exposed credentials', 'send an email message'],
  pick: (found) => (found.includes('send_email') ? 'send_email' : undefined),
};

/** A model that calls the wanted tool when offered, else searches first and calls a tool the search found. */
export function searchingModel(script: SearchScript): ResponsesModel {
  return (body) => {
    const { user, since } = lastTurn(body.input);
    const result = since.find((item) => item.type === 'function_call_output');
    if (result) return [message(`done: ${result.output}`)];
    const offered = script.pick(offeredNames(body), user);
    if (offered) return [functionCall(offered, { repo: 'acme/api' })];
    const outputs = since.filter((item) => item.type === 'tool_search_output');
    if (outputs.length === 0) {
      const query = script.query(user);
      return [toolSearchCall(typeof query === 'string' ? { query } : { queries: query })];
    }
    const found = loadedNames(outputs.slice(-1));
    const name = script.pick(found, user);
    return name ? [functionCall(name, { repo: 'acme/api' })] : [message('nothing found')];
  };
}

/** A model that calls one of the offered tools, then answers with the tool's output. */
export function pickingModel(
  pick: (offered: readonly string[], user: string) => string,
): ResponsesModel {
  return (body) => {
    const { user, since } = lastTurn(body.input);
    const result = since.find((item) => item.type === 'function_call_output');
    if (result) return [message(`done: ${result.output}`)];
    return [functionCall(pick(offeredNames(body), user), {})];
  };
}

/** The Chat Completions twin of `pickingModel`. */
export function pickingChatModel(
  pick: (offered: readonly string[], user: string) => string,
): ChatModel {
  return ({ body }) => {
    const messages = body.messages as Item[];
    let at = messages.length - 1;
    while (at >= 0 && messages[at]!.role !== 'user') at--;
    const since = messages.slice(at + 1);
    const result = since.find((entry) => entry.role === 'tool');
    if (result) return { text: `done: ${textOf(result.content)}` };
    const offered = (body.tools ?? []).map((tool) => (tool.function as Item).name as string);
    const name = pick(offered, textOf(messages[at]?.content));
    return { toolCalls: [{ name, args: {} }] };
  };
}
