import type { Picker } from '@shortlist/core';
import {
  conversationQuery,
  lastUserRequest,
  type ToolSession,
  toolSession,
} from '@shortlist/core/adapter';
import type { CallOptions } from '@shortlist/core/kit';
import { chatConversation } from './chat-conversation.js';
import { originalsIn } from './check-format.js';
import type { Conversation } from './conversation-of.js';
import type { OpenAIToolsOptions } from './openai-tools-options.js';
import { responsesConversation } from './responses-conversation.js';

/** Pre-selection for one conversation: the `tools` to send with each request. */
export interface OpenAITools<Original> {
  /**
   * The tools for `responses.create({ input, tools })`: picked from `input` (a string or items,
   * earlier outputs included); tools offered before stay, and tools the model called stay pinned.
   */
  forResponses(input: unknown, options?: CallOptions): Promise<Original[]>;
  /** The tools for `chat.completions.create({ messages, tools })`, chosen the same way. */
  forChat(messages: unknown, options?: CallOptions): Promise<Original[]>;
  /** The conversation's session: what is offered now, and `called()` to record calls yourself. */
  readonly session: ToolSession<Original>;
}

/**
 * Offers the model only the catalogue's tools that fit the conversation, stable across turns so
 * provider prompt caches survive. Create one per conversation; the picker may be shared.
 */
export function openaiTools<Original>(
  picker: Picker<Original>,
  options: OpenAIToolsOptions = {},
): OpenAITools<Original> {
  const { query: queryOptions, ...sessionOptions } = options;
  const session = toolSession(picker, sessionOptions);
  const offer = async (conversation: Conversation, callOptions: CallOptions | undefined) => {
    const query = conversationQuery(conversation.turns, queryOptions);
    const request = lastUserRequest(conversation.turns);
    return session.offer(query, {
      called: conversation.called,
      signal: callOptions?.signal,
      ...(request === undefined ? {} : { request }),
    });
  };
  return {
    session,
    async forResponses(input, callOptions) {
      const offered = await offer(responsesConversation(input), callOptions);
      return originalsIn(offered.tools, 'openai-responses', 'responses.create');
    },
    async forChat(messages, callOptions) {
      const offered = await offer(chatConversation(messages), callOptions);
      return originalsIn(offered.tools, 'openai-chat', 'chat.completions.create');
    },
  };
}
