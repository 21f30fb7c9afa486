import type { ClientTool, StructuredToolInterface } from '@langchain/core/tools';
import { isLangChainTool } from '@langchain/core/utils/function_calling';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import type { Tool } from '@shortlist/core';
import { type NativeToolReader, readNativeTools } from '@shortlist/core/adapter';

/** A tool LangChain can bind to a chat model: `tool()`, a `StructuredTool`, a runnable's `asTool()`. */
export type LangChainTool = ClientTool | StructuredToolInterface;

const reader: NativeToolReader<LangChainTool> = {
  format: 'langchain',
  schemaHint:
    'give the tool a zod object schema (zod 4 or zod/v3) or a JSON Schema object, as tool() accepts',
  read(tool, key) {
    const native = tool as { name?: unknown; description?: unknown; schema?: unknown };
    return {
      name: native.name ?? key,
      description: native.description,
      inputSchema: () => {
        if (!isLangChainTool(tool)) {
          throw new TypeError(
            'not a LangChain tool (make it with tool() from @langchain/core/tools or a StructuredTool); plain OpenAI or Anthropic definitions go through toTools()',
          );
        }
        // The converter LangChain's chat models use when they bind the tool, so Shortlist
        // ranks the same schema the model is sent.
        return native.schema === undefined ? undefined : toJsonSchema(native.schema as never);
      },
    };
  },
};

/**
 * Reads LangChain tools (an array, as `createAgent` takes them, or a record keyed by name) into
 * Shortlist tools, converting each schema with LangChain's own `toJsonSchema`. Each tool's
 * `original` is the user's own tool object.
 */
export function readLangChainTools<T extends LangChainTool>(
  tools: readonly T[] | Readonly<Record<string, T>>,
): Promise<Tool<T>[]> {
  return readNativeTools(tools, reader as NativeToolReader<T>);
}
