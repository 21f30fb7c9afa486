import { readFileSync } from 'node:fs';
import { createOpenAI } from '@ai-sdk/openai';
import { Agent } from '@mastra/core/agent';
import { type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type Executed, sampleMastraTools } from './test-catalogue.js';

// @mastra/core 1.x takes seconds to load and start its first run on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const firstBlock = /```ts\n([\s\S]*?)```/.exec(readme)![1]!;

// Indexes a 178-tool record and runs a real agent: a loaded machine needs more than 5 s.
it("the README's first block is three lines or fewer and runs as written", {
  timeout: 30_000,
}, async () => {
  const lines = firstBlock.trim().split('\n');
  expect(lines.length).toBeLessThanOrEqual(3);
  const [, names, from] = /^import \{ (.+) \} from '(.+)';$/.exec(lines[0]!)!;
  expect(from).toBe('@shortlist/mastra');
  const module = (await import('./index.js')) as Record<string, unknown>;
  const scope: Record<string, unknown> = { Agent };
  for (const name of names!.split(', ')) {
    expect(module[name], name).toBeTypeOf('function');
    scope[name] = module[name];
  }
  const executed: Executed = [];
  const given = {
    id: 'assistant',
    tools: sampleMastraTools(executed),
    model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('gpt-4o'),
    name: 'assistant',
    instructions: 'Help with engineering chores.',
  };
  const body = lines.slice(1).join('\n');
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<Agent>;
  const names_ = [...Object.keys(scope), ...Object.keys(given)];
  const run = new AsyncFunction(...names_, `${body}\nreturn agent;`);
  const agent = await run(...Object.values(scope), ...Object.values(given));

  server.script((request) =>
    request.body.messages!.at(-1)!.role === 'tool'
      ? { text: 'Sunny.' }
      : { toolCalls: [{ name: 'weather_forecast', args: { city: 'Oslo', days: 2 } }] },
  );
  const result = await agent.generate('weather forecast for Oslo for two days');
  expect(result.text).toBe('Sunny.');
  expect(executed.map((call) => call.name)).toEqual(['weather_forecast']);
  const offered = server.requests[0]!.toolNames;
  expect(offered).toContain('search_tools');
  expect(offered).toContain('weather_forecast');
  expect(offered.length).toBeLessThanOrEqual(6);
});
