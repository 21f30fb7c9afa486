import type Anthropic from '@anthropic-ai/sdk';
import type {
  Message,
  MessageParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { AnthropicShortlist } from './anthropic-shortlist.js';
import type { AnthropicTool } from './anthropic-tool.js';

/** Runs the user's tools by name; what a real agent would wire to its own code. */
export type Handlers = Record<string, (input: Record<string, unknown>) => string>;

/**
 * A plain Messages API agent loop, as users write it: request, answer the tool calls, repeat
 * until the model ends its turn. `mode` picks how the shortlist supplies `tools`; `both` is
 * pre-selection with the search tool beside it.
 */
export async function runAgentTurn(
  client: Anthropic,
  shortlist: AnthropicShortlist,
  mode: 'pre-selection' | 'tool-search' | 'both',
  messages: MessageParam[],
  handlers: Handlers,
  executed: string[] = [],
): Promise<Message> {
  for (let step = 0; step < 8; step++) {
    const tools: AnthropicTool[] =
      mode === 'tool-search'
        ? shortlist.searchTools()
        : mode === 'both'
          ? [...(await shortlist.tools(messages)), shortlist.searchTool]
          : await shortlist.tools(messages);
    const reply = await client.messages.create({
      model: 'claude-test',
      max_tokens: 1024,
      messages,
      tools,
    });
    messages.push({ role: 'assistant', content: reply.content });
    if (reply.stop_reason !== 'tool_use') return reply;
    const results: ToolResultBlockParam[] = await shortlist.answer(reply, { messages });
    for (const block of reply.content) {
      if (block.type !== 'tool_use' || block.name === shortlist.searchTool.name) continue;
      const offered = tools.some((tool) => tool.name === block.name);
      const run = handlers[block.name];
      if (offered && run) {
        executed.push(block.name);
        results.push({
          type: 'tool_result',
          tool_use_id: block.id,
          content: run(block.input as Record<string, unknown>),
        });
      } else {
        // The normal error path for a tool the model was not offered: an error result, the loop goes on.
        results.push({
          type: 'tool_result',
          tool_use_id: block.id,
          is_error: true,
          content: `Unknown tool: ${block.name}`,
        });
      }
    }
    messages.push({ role: 'user', content: results });
  }
  throw new Error('the agent loop did not finish in 8 steps');
}
