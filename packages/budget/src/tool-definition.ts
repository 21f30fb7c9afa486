import { InvalidArgumentError, type Tool } from '@shortlist/core';

/** Wire formats a tool definition is costed in, or a function returning the exact text or object sent. */
export type DefinitionFormat =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'mcp'
  | ((tool: Tool) => string | object);

/** The named formats, for validation and error messages. */
export const definitionFormats: readonly string[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'mcp',
];

/**
 * The definition object a provider receives for `tool` in `format`, with keys in the order the
 * provider documents them: OpenAI Chat `{type, function: {name, description, parameters}}`,
 * Responses `{type, name, description, parameters}`, Anthropic `{name, description, input_schema}`,
 * MCP `{name, title?, description, inputSchema}`.
 */
export function toolDefinition(tool: Tool, format: DefinitionFormat): string | object {
  switch (format) {
    case 'openai-chat':
      return {
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      };
    case 'openai-responses':
      return {
        type: 'function',
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
      };
    case 'anthropic':
      return { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
    case 'mcp':
      return {
        name: tool.name,
        ...(tool.title === undefined ? {} : { title: tool.title }),
        description: tool.description,
        inputSchema: tool.inputSchema,
      };
    default:
      return format(tool);
  }
}

/** The exact text counted for `tool`: `JSON.stringify` of its definition, or the string a format function returned. */
export function definitionText(tool: Tool, format: DefinitionFormat): string {
  const definition = toolDefinition(tool, format);
  if (typeof definition === 'string') return definition;
  if (typeof definition !== 'object' || definition === null) {
    throw new InvalidArgumentError({
      argument: 'budget(options.format)',
      expected: 'a function returning a string or an object',
      message: `budget(options.format) returned ${definition === null ? 'null' : typeof definition} for tool "${tool.name}"; a format function must return the definition as a string or an object`,
    });
  }
  try {
    return JSON.stringify(definition);
  } catch (error) {
    // A cycle, a BigInt or nesting deep enough to overflow the stack: name the tool.
    throw new InvalidArgumentError({
      argument: `tools "${tool.name}"`,
      expected: 'a tool definition JSON can encode',
      message: `budget: the definition of tool "${tool.name}" cannot be serialised to JSON (${
        error instanceof Error ? error.message : String(error)
      }); remove cycles, BigInts and runaway nesting from its schema`,
      cause: error,
    });
  }
}
