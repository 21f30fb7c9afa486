import type { Tool } from '@shortlist/core';
import { readNativeTools } from '@shortlist/core/adapter';
import { asSchema, type ToolSet } from 'ai';

type AiSdkTool = ToolSet[string];

/**
 * Reads an AI SDK `ToolSet` into Shortlist tools: each key is the tool's name, and its input schema
 * (zod 3 or 4, a Standard Schema, or `jsonSchema()`) is converted by the SDK's own `asSchema`.
 * Each tool's `original` is the user's tool object.
 */
export function readAiSdkTools<TOOLS extends ToolSet>(
  tools: TOOLS,
): Promise<Tool<TOOLS[keyof TOOLS]>[]> {
  return readNativeTools<AiSdkTool>(tools, {
    format: 'ai-sdk',
    schemaHint:
      'give the tool an inputSchema the AI SDK accepts: a zod schema, a Standard Schema or jsonSchema({...})',
    read: (tool, key) => ({
      name: key,
      title: (tool as { title?: unknown }).title,
      // A description may be a function of the tool context; only a fixed text can be indexed.
      description: typeof tool.description === 'string' ? tool.description : undefined,
      inputSchema: async () =>
        tool.inputSchema === undefined ? undefined : await asSchema(tool.inputSchema).jsonSchema,
    }),
  }) as Promise<Tool<TOOLS[keyof TOOLS]>[]>;
}
