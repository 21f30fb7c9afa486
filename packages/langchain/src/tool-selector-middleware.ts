import type { Picker } from '@shortlist/core';
import { conversationQuery, lastUserRequest } from '@shortlist/core/adapter';
import { type AgentMiddleware, createMiddleware } from 'langchain';
import { conversationKey } from './conversation-key.js';
import {
  checkMaxConversations,
  checkPicker,
  conversationSessions,
} from './conversation-sessions.js';
import { messagesToTurns } from './messages-to-turns.js';
import type { ShortlistMiddlewareOptions } from './middleware-options.js';
import { narrowTools } from './narrow-tools.js';
import { newToolCalls } from './new-tool-calls.js';

/**
 * Pre-selection: before each model call, offers the model only the tools Shortlist picks for the
 * conversation so far. The offer only grows while it fits (prompt caches survive), and tools the
 * model called stay offered. Tools the picker does not hold are always offered.
 */
export function shortlistToolSelectorMiddleware(
  picker: Picker,
  options: ShortlistMiddlewareOptions = {},
): AgentMiddleware {
  checkPicker(picker, 'shortlistToolSelectorMiddleware');
  const sessions = conversationSessions(
    picker,
    options,
    checkMaxConversations(options.maxConversations ?? 1000, 'shortlistToolSelectorMiddleware'),
  );
  return createMiddleware({
    name: options.name ?? 'ShortlistToolSelector',
    async wrapModelCall(request, handler) {
      const { session, seenCalls } = sessions.get(
        conversationKey(request.messages, request.runtime.configurable),
      );
      const turns = messagesToTurns(request.messages);
      const user = lastUserRequest(turns);
      const offer = await session.offer(conversationQuery(turns, options.query), {
        called: newToolCalls(request.messages, seenCalls),
        signal: request.runtime.signal,
        ...(user === undefined ? {} : { request: user }),
      });
      return handler({ ...request, tools: narrowTools(request.tools, picker, offer.names) });
    },
  });
}
