/** A tool definition as it arrived on the wire. */
export interface WireTool {
  readonly name: string;
  readonly defer_loading?: boolean;
  readonly [key: string]: unknown;
}

type Block = { type: string; [key: string]: unknown };
export type WireMessage = { role: string; content: string | Block[] };

/** A request the real API would refuse with 400, with its `details.error_code` when it has one. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
  }
}

const blocksOf = (message: WireMessage): Block[] =>
  typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;

/**
 * Replays the conversation as the API does: checks tool_use/tool_result pairing, that every
 * tool_reference names a tool of the request, and that no deferred tool is called before a
 * tool_reference loaded it. Returns the names loaded at the end.
 */
export function loadedTools(
  tools: readonly WireTool[],
  messages: readonly WireMessage[],
): Set<string> {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (byName.size !== tools.length)
    throw new RequestError('tools: tool names must be unique', 'tool_name_conflict');
  if (tools.length > 0 && tools.every((tool) => tool.defer_loading === true)) {
    throw new RequestError('tools: at least one tool must not have defer_loading');
  }
  const loaded = new Set(
    tools.filter((tool) => tool.defer_loading !== true).map((tool) => tool.name),
  );
  let pending: string[] = [];
  messages.forEach((message, i) => {
    const blocks = blocksOf(message);
    if (message.role === 'user') {
      const answered = new Set(
        blocks.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id),
      );
      const missing = pending.filter((id) => !answered.has(id));
      if (missing.length > 0) {
        throw new RequestError(
          `messages.${i}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`,
        );
      }
      pending = [];
      for (const block of blocks) {
        if (block.type !== 'tool_result' || !Array.isArray(block.content)) continue;
        for (const part of block.content as Block[]) {
          if (part.type !== 'tool_reference') continue;
          const name = part.tool_name as string;
          if (!byName.has(name)) {
            throw new RequestError(
              `messages.${i}: tool_reference "${name}" does not name a tool in tools`,
              'tool_reference_unresolved',
            );
          }
          loaded.add(name);
        }
      }
    } else if (message.role === 'assistant') {
      for (const block of blocks) {
        if (block.type !== 'tool_use') continue;
        const name = block.name as string;
        if (byName.get(name)?.defer_loading === true && !loaded.has(name)) {
          throw new RequestError(
            `messages.${i}: tool_use of deferred tool "${name}" before a tool_reference loaded it`,
          );
        }
        pending.push(block.id as string);
      }
    }
  });
  if (pending.length > 0)
    throw new RequestError('messages: the last assistant tool_use has no tool_result');
  return loaded;
}
