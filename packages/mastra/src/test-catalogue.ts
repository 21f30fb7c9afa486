import { readFileSync } from 'node:fs';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

interface ChatTool {
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The sample writes some enums as `type: "string|a,b"`; zod reads them as `{ type, enum }`. */
function readable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(readable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string' && value.includes('|')) {
      const [type, values] = value.split('|') as [string, string];
      out.type = type;
      out.enum = values.split(',');
    } else out[key] = readable(value);
  }
  return out;
}

export type Executed = { name: string; input: unknown }[];

/**
 * The CLI's bundled 176-tool catalogue as Mastra `createTool()` tools (their JSON Schemas read
 * into zod), plus a secrets scanner and a weather forecast; every execution lands in `executed`.
 */
export function sampleMastraTools(executed: Executed) {
  const url = new URL('../../cli/data/sample-tools.json', import.meta.url);
  const chatTools = JSON.parse(readFileSync(url, 'utf8')) as ChatTool[];
  const tools: Record<string, ReturnType<typeof createTool>> = {};
  for (const { function: fn } of chatTools) {
    tools[fn.name] = createTool({
      id: fn.name,
      description: fn.description,
      inputSchema: z.fromJSONSchema(readable(fn.parameters) as never) as z.ZodObject,
      execute: async (input) => {
        executed.push({ name: fn.name, input });
        return { ok: true };
      },
    });
  }
  tools.secrets_scan_repository = createTool({
    id: 'secrets-scan-repository',
    description: 'Scan a git repository for leaked credentials such as API keys and tokens.',
    inputSchema: z.object({ repository: z.string().describe('owner/name') }),
    execute: async (input) => {
      executed.push({ name: 'secrets_scan_repository', input });
      return { findings: 0 };
    },
  });
  tools.weather_forecast = createTool({
    id: 'weather-forecast',
    description: 'Weather forecast for a city over the next days.',
    inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(10) }),
    execute: async (input) => {
      executed.push({ name: 'weather_forecast', input });
      return { forecast: 'sunny' };
    },
  });
  return tools;
}
