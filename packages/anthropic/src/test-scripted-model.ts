import type { ModelTurn, ModelView } from '@shortlist/test-servers';

/** What the scripted model does when a user message contains `says`. */
export interface Intent {
  readonly says: string;
  /** The tool it wants to call, with these arguments. */
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** What it searches for when the tool is not loaded and a search tool is; a list is a batched search (`queries`). */
  readonly search?: string | readonly string[];
  /** Calls the tool even when it was never offered, as a confused model might. */
  readonly hallucinate?: boolean;
}

type Block = { type: string; [key: string]: unknown };
const blocks = (content: unknown): Block[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : (content as Block[]);

/**
 * A model reduced to a script: for the latest user request it calls the wanted tool if it is
 * loaded, else searches once with the search tool, and ends its turn after the tool's result.
 */
export function scriptedModel(intents: readonly Intent[], searchTool = 'search_tools') {
  return (view: ModelView): ModelTurn => {
    const { messages, loaded } = view;
    let at = messages.length - 1;
    while (
      at >= 0 &&
      !(
        messages[at]!.role === 'user' &&
        blocks(messages[at]!.content).some((b) => b.type === 'text')
      )
    )
      at--;
    const request = blocks(messages[at]?.content)
      .filter((b) => b.type === 'text')
      .map((b) => b.text as string)
      .join(' ');
    const intent = intents.find((candidate) => request.includes(candidate.says));
    if (!intent) return [{ type: 'text', text: 'I have no instructions for that.' }];
    const since = messages.slice(at + 1);
    const calls = since
      .flatMap((m) => (m.role === 'assistant' ? blocks(m.content) : []))
      .filter((b) => b.type === 'tool_use');
    const results = since
      .flatMap((m) => (m.role === 'user' ? blocks(m.content) : []))
      .filter((b) => b.type === 'tool_result');
    const called = calls.find((b) => b.name === intent.tool);
    if (called) {
      const result = results.find((b) => b.tool_use_id === called.id);
      const text =
        typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content);
      return [{ type: 'text', text: `${result?.is_error ? 'Failed' : 'Done'}: ${text}` }];
    }
    const names = new Set(loaded.map((tool) => tool.name));
    if (names.has(intent.tool) || intent.hallucinate) {
      return [{ type: 'tool_use', name: intent.tool, input: intent.input }];
    }
    const searched = calls.some((b) => b.name === searchTool);
    if (names.has(searchTool) && intent.search && !searched) {
      return [
        { type: 'text', text: 'Let me find a tool for that.' },
        {
          type: 'tool_use',
          name: searchTool,
          input:
            typeof intent.search === 'string'
              ? { query: intent.search }
              : { queries: intent.search },
        },
      ];
    }
    return [{ type: 'text', text: `No tool I can see does that (${intent.tool} is not loaded).` }];
  };
}
