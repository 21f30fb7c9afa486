import { InvalidArgumentError, type Tool, type ToolFormat } from '@shortlist/core';

const shapes: Partial<Record<ToolFormat, string>> = {
  'openai-responses': "Responses function tools ({ type: 'function', name, parameters })",
  'openai-chat': "Chat Completions tools ({ type: 'function', function: { name, parameters } })",
};

/**
 * Hands back each tool's original, checking it is in the wire format the request needs: the
 * picker keeps what it was given, so a catalogue of another format would reach the API unchanged.
 */
export function originalsIn<Original>(
  tools: readonly Tool<Original>[],
  format: 'openai-responses' | 'openai-chat',
  where: string,
): Original[] {
  return tools.map((tool) => {
    if (tool.format !== format) {
      throw new InvalidArgumentError({
        argument: `tools "${tool.name}"`,
        expected: shapes[format]!,
        message: `${where} needs ${shapes[format]}, but the picker holds "${tool.name}" as ${
          shapes[tool.format] ?? `a ${tool.format} tool`
        }; index the catalogue in the format of the API you call`,
      });
    }
    return tool.original;
  });
}
