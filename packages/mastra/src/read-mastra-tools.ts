import type { ToolsInput } from '@mastra/core/agent';
import { RequestContext } from '@mastra/core/request-context';
import { makeCoreTool } from '@mastra/core/utils';
import { InvalidArgumentError, type Tool } from '@shortlist/core';
import { readNativeTools } from '@shortlist/core/adapter';

type MastraTool = ToolsInput[string];

/** The JSON Schema of a tool's input, as Mastra itself converts it for the model. */
function jsonSchemaOf(tool: MastraTool, name: string): unknown {
  const core = makeCoreTool(tool as never, { name, requestContext: new RequestContext() });
  const parameters = core.parameters as { jsonSchema?: unknown } | undefined;
  return parameters?.jsonSchema;
}

/**
 * Reads the tools you give `new Agent({ tools })`: `createTool()` tools and AI SDK tools alike.
 * Each key is the tool's name, as the model sees it; Mastra's own converter turns the input schema
 * into JSON Schema. Each tool's `original` is your tool object.
 */
export function readMastraTools<TOOLS extends ToolsInput>(
  tools: TOOLS,
): Promise<Tool<TOOLS[keyof TOOLS]>[]> {
  if (typeof tools === 'function' || Array.isArray(tools)) {
    throw new InvalidArgumentError({
      argument: 'tools',
      expected: 'a record of Mastra tools keyed by name',
      message: `expected the record of tools you give new Agent({ tools }), got ${
        Array.isArray(tools) ? 'an array' : 'a function'
      }; a tools function is resolved per request, so index the record it returns`,
    });
  }
  return readNativeTools<MastraTool>(tools, {
    format: 'plain',
    schemaHint:
      'give the tool an inputSchema Mastra accepts: a zod schema in createTool(), or an AI SDK tool',
    read: (tool, key) => ({
      name: key,
      // An AI SDK tool's description may be a function of its context; only a text can be indexed.
      description:
        'description' in tool && typeof tool.description === 'string'
          ? tool.description
          : undefined,
      inputSchema: () => jsonSchemaOf(tool, key!),
    }),
  }) as Promise<Tool<TOOLS[keyof TOOLS]>[]>;
}
