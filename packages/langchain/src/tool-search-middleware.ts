import { InvalidArgumentError, type Picker } from '@shortlist/core';
import { conversationQuery, lastUserRequest } from '@shortlist/core/adapter';
import { checkInteger } from '@shortlist/core/kit';
import { type AgentMiddleware, createMiddleware } from 'langchain';
import { conversationKey } from './conversation-key.js';
import {
  checkMaxConversations,
  checkPicker,
  conversationSessions,
} from './conversation-sessions.js';
import { messagesToTurns } from './messages-to-turns.js';
import type { ShortlistToolSearchOptions } from './middleware-options.js';
import { catalogueNames, narrowTools } from './narrow-tools.js';
import { newToolCalls } from './new-tool-calls.js';
import { searchToolsTool } from './search-tools-tool.js';

const at = 'shortlistToolSearchMiddleware';

/**
 * Tool search: the model gets a `search_tools` tool answered by Shortlist, and from then on is
 * offered the tools its searches found (and the ones it called). The model writes the query, so
 * requests that share no word with a tool's description can still find it. With `preselect`,
 * each call is also offered the tools that fit the conversation.
 */
export function shortlistToolSearchMiddleware(
  picker: Picker,
  options: ShortlistToolSearchOptions = {},
): AgentMiddleware {
  checkPicker(picker, at);
  const name = options.searchToolName ?? 'search_tools';
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
    throw new InvalidArgumentError({
      argument: `${at}(options.searchToolName)`,
      expected: '1-64 letters, digits, _ or -',
      message: `${at}(options.searchToolName) must be 1-64 letters, digits, _ or - (what providers accept as a tool name), got ${String(name)}`,
    });
  }
  if (picker.get(name)) {
    throw new InvalidArgumentError({
      argument: `${at}(options.searchToolName)`,
      expected: 'a name no catalogue tool has',
      message: `${at}(): the catalogue already has a tool named "${name}"; pass another searchToolName`,
    });
  }
  const maxResults = options.maxResults ?? options.limit ?? 5;
  checkInteger(maxResults, `${at}(options.maxResults)`);
  const sessions = conversationSessions(
    picker,
    options,
    checkMaxConversations(options.maxConversations ?? 1000, at),
  );
  return createMiddleware({
    name: options.name ?? 'ShortlistToolSearch',
    tools: [searchToolsTool(sessions, name, maxResults)],
    async wrapModelCall(request, handler) {
      const entry = sessions.get(conversationKey(request.messages, request.runtime.configurable));
      entry.available = catalogueNames(request.tools, picker);
      const called = newToolCalls(request.messages, entry.seenCalls);
      const signal = request.runtime.signal;
      if (options.preselect) {
        const turns = messagesToTurns(request.messages);
        const user = lastUserRequest(turns);
        await entry.session.offer(conversationQuery(turns, options.query), {
          called,
          signal,
          ...(user === undefined ? {} : { request: user }),
        });
      } else {
        await entry.session.called(called, { signal });
      }
      return handler({
        ...request,
        tools: narrowTools(request.tools, picker, entry.session.offered),
      });
    },
  });
}
