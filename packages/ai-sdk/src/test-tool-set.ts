import { readFileSync } from 'node:fs';
import { jsonSchema, type ToolSet, tool } from 'ai';
import { z } from 'zod';

interface ChatTool {
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/**
 * The CLI's bundled 176-tool catalogue as an AI SDK tool set (JSON Schemas through `jsonSchema()`),
 * plus two tools with zod schemas; every execution is recorded in `executed`.
 */
export function testToolSet(): { tools: ToolSet; executed: { name: string; input: unknown }[] } {
  const executed: { name: string; input: unknown }[] = [];
  const url = new URL('../../cli/data/sample-tools.json', import.meta.url);
  const chatTools = JSON.parse(readFileSync(url, 'utf8')) as ChatTool[];
  const tools: ToolSet = {};
  for (const { function: fn } of chatTools) {
    tools[fn.name] = tool({
      description: fn.description,
      inputSchema: jsonSchema(fn.parameters as never),
      execute: async (input: unknown) => {
        executed.push({ name: fn.name, input });
        return { ok: true };
      },
    });
  }
  tools.secrets_scan_repository = tool({
    description: 'Scan a git repository for leaked credentials such as API keys and tokens.',
    inputSchema: z.object({ repository: z.string().describe('owner/name') }),
    execute: async (input) => {
      executed.push({ name: 'secrets_scan_repository', input });
      return { findings: 0 };
    },
  });
  tools.weather_forecast = tool({
    description: 'Weather forecast for a city over the next days.',
    inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(10) }),
    execute: async (input) => {
      executed.push({ name: 'weather_forecast', input });
      return { forecast: 'sunny' };
    },
  });
  return { tools, executed };
}
