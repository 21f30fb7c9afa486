import { tool } from '@openai/agents';
import { z } from 'zod';
import { catalogueSpecs } from './test-catalogue.js';

/** The test catalogue as Agents SDK tools made with `tool()`, recording what ran. */
export function agentTools(options: { deferLoading?: boolean } = {}) {
  const executed: string[] = [];
  const tools = catalogueSpecs.map(([name, description, properties]) =>
    tool({
      name,
      description,
      parameters: z.object(
        Object.fromEntries(Object.keys(properties).map((key) => [key, z.string().optional()])),
      ),
      ...(options.deferLoading ? { deferLoading: true } : {}),
      execute: async (input) => {
        executed.push(name);
        return `${name} ran with ${JSON.stringify(input)}`;
      },
    }),
  );
  return { tools, executed };
}
