import { readFileSync } from 'node:fs';
import { type DynamicStructuredTool, tool } from '@langchain/core/tools';

interface OpenAITool {
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The repository's bundled 176-tool sample catalogue (OpenAI format), from @shortlist/cli. */
function sampleDefinitions(): OpenAITool[] {
  const path = new URL('../../cli/data/sample-tools.json', import.meta.url);
  return JSON.parse(readFileSync(path, 'utf8')) as OpenAITool[];
}

/** A call a catalogue tool received: which tool and its arguments. */
export interface Executed {
  readonly name: string;
  readonly args: unknown;
}

/** The sample catalogue as LangChain tools with JSON Schema inputs; each records its calls. */
export function sampleLangChainTools(executed: Executed[]): DynamicStructuredTool[] {
  return sampleDefinitions().map(
    (definition) =>
      tool(
        async (args: unknown) => {
          executed.push({ name: definition.function.name, args });
          return `${definition.function.name} done`;
        },
        {
          name: definition.function.name,
          description: definition.function.description,
          schema: definition.function.parameters as { type: 'object' },
        },
      ) as DynamicStructuredTool,
  );
}
