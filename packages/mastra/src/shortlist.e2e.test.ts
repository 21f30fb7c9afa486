import { createOpenAI } from '@ai-sdk/openai';
import { Agent } from '@mastra/core/agent';
import { memoryExampleStore } from '@shortlist/core';
import { storedRequest } from '@shortlist/learn';
import { lexical } from '@shortlist/lexical';
import { type OpenAIRequest, type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { readMastraTools } from './read-mastra-tools.js';
import { shortlist } from './shortlist.js';
import type { ShortlistOptions } from './shortlist-options.js';
import { type Executed, sampleMastraTools } from './test-catalogue.js';
import { user } from './test-messages.js';

/** Examples as the learner hands them to its store: each request as hashed words. */
const storedForm = (examples: readonly { query: string; tool: string }[]) =>
  examples.map(({ query, tool }) => ({ query: storedRequest(query), tool }));

// @mastra/core 1.x takes seconds to load and start its first run on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

let executed: Executed;
const scanner = 'secrets_scan_repository';

/** A real Mastra agent over the sample catalogue, its model served by the local wire server. */
async function agentWith(options: ShortlistOptions) {
  executed = [];
  const catalogue = sampleMastraTools(executed);
  const picks = await shortlist(catalogue, options);
  const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('gpt-4o');
  const agent = new Agent({
    id: 'assistant',
    name: 'assistant',
    instructions: 'Help with engineering chores.',
    model,
    tools: picks.tools,
    defaultOptions: { prepareStep: picks.prepareStep },
  });
  return { agent, picks, catalogue };
}

const lastMessage = (request: OpenAIRequest) => request.body.messages!.at(-1)!;
const toolResult = (request: OpenAIRequest) => {
  const last = lastMessage(request);
  return last.role === 'tool' ? String(last.content) : undefined;
};

/** The scripted model: calls the scanner when offered, else searches in its own words. */
const scripted = (request: OpenAIRequest) => {
  if (toolResult(request)?.includes('findings')) return { text: 'No leaks found.' };
  if (request.toolNames.includes(scanner)) {
    return { toolCalls: [{ name: scanner, args: { repository: 'acme/api' } }] };
  }
  if (lastMessage(request).role === 'user' && request.toolNames.includes('search_tools')) {
    return { toolCalls: [{ name: 'search_tools', args: { query: 'leak API key credentials' } }] };
  }
  return { text: 'No tool for that.' };
};

it('pre-selects: the model is sent a few tools that fit, not the catalogue, and runs the one it needs', async () => {
  const { agent, picks, catalogue } = await agentWith({});
  expect(Object.keys(catalogue)).toHaveLength(178);
  expect(picks.tools.weather_forecast).toBe(catalogue.weather_forecast);
  server.script((request) =>
    toolResult(request)?.includes('sunny')
      ? { text: 'Sunny all week.' }
      : { toolCalls: [{ name: 'weather_forecast', args: { city: 'Lyon', days: 3 } }] },
  );
  const result = await agent.generate('What is the weather forecast for Lyon for the next 3 days?');

  expect(result.text).toBe('Sunny all week.');
  expect(executed).toEqual([{ name: 'weather_forecast', input: { city: 'Lyon', days: 3 } }]);
  const first = server.requests[0]!;
  expect(first.toolNames).toContain('weather_forecast');
  expect(first.toolNames.length).toBeGreaterThan(0);
  expect(first.toolNames.length).toBeLessThanOrEqual(5);
  // The definition sent is the user's own tool, converted by Mastra.
  const sent = (first.body.tools as { function: { name: string; parameters: object } }[]).find(
    (tool) => tool.function.name === 'weather_forecast',
  );
  expect(sent?.function.parameters).toMatchObject({
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
  });
  // The next step keeps the list stable: the same tools in the same order.
  expect(server.requests[1]!.toolNames).toEqual(first.toolNames);
});

it('tool search: the model searches, is offered what it found, and the found tool runs', async () => {
  const { agent } = await agentWith({ search: true });
  server.script(scripted);
  const result = await agent.generate('did our stripe sk_live string get out');

  const offered = server.requests.map((request) => request.toolNames);
  expect(offered[0]).toContain('search_tools');
  expect(offered[0]).not.toContain(scanner);
  expect(offered[0]!.length).toBeLessThanOrEqual(6);
  const searched = server.requests[1]!.body.messages!.at(-1)!;
  expect(String(searched.content)).toContain(scanner);
  expect(offered[1]).toContain(scanner);
  expect(executed).toEqual([{ name: scanner, input: { repository: 'acme/api' } }]);
  expect(result.text).toBe('No leaks found.');
});

it('learns with no configuration: after a search-then-call, a similar request is offered the tool at once, no search', async () => {
  const { agent, picks, catalogue } = await agentWith({ search: true });
  server.script(scripted);
  const first = 'did our stripe sk_live string get out';
  const later = 'did a stripe sk_live string get out again';
  const before = await picks.prepareStep({
    messages: [user(later)],
  } as never);
  expect(before?.activeTools).not.toContain(scanner);

  await agent.generate(first);
  expect(server.requests[0]!.toolNames).not.toContain(scanner);
  // One door: the agent taught exactly what picker.learn() with the model's search query and the
  // user's words teaches a fresh default picker, to the same ranking.
  const reference = await lexical({ examples: memoryExampleStore() }).index(
    await readMastraTools(catalogue),
  );
  await reference.learn([
    { query: 'leak API key credentials', tool: scanner },
    { query: first, tool: scanner },
  ]);
  const ranking = async (picker: typeof reference, query: string) =>
    (await picker.select(query, { limit: 5 })).picks.map(({ name, score }) => [name, score]);
  for (const probe of [later, first, 'scan for leaked credentials']) {
    expect(await ranking(picks.picker as typeof reference, probe)).toEqual(
      await ranking(reference, probe),
    );
  }

  server.reset();
  executed.length = 0;
  const result = await agent.generate(later);
  expect(server.requests[0]!.toolNames).toContain(scanner);
  expect(executed).toEqual([{ name: scanner, input: { repository: 'acme/api' } }]);
  const called = server.requests.flatMap((request) =>
    (request.body.messages ?? []).flatMap((message) =>
      ((message.tool_calls ?? []) as { function: { name: string } }[]).map(
        (call) => call.function.name,
      ),
    ),
  );
  expect(called).not.toContain('search_tools');
  expect(result.text).toBe('No leaks found.');
});

it('batched tool search: one search_tools call with queries finds a tool for each need, and a call teaches its need', async () => {
  const examples = memoryExampleStore();
  const { agent } = await agentWith({ search: true, preselect: false, examples });
  const needs = ['leak API key credentials', 'weather forecast for a city'];
  server.script((request) => {
    const result = toolResult(request);
    if (result?.includes('sunny')) return { text: 'Sunny, and no leaks checked yet.' };
    if (result !== undefined && request.toolNames.includes('weather_forecast')) {
      return { toolCalls: [{ name: 'weather_forecast', args: { city: 'Lyon', days: 3 } }] };
    }
    if (lastMessage(request).role === 'user') {
      return { toolCalls: [{ name: 'search_tools', args: { queries: needs } }] };
    }
    return { text: 'No tool for that.' };
  });
  const asked = 'did our stripe sk_live string get out, and will it rain in Lyon';
  const result = await agent.generate(asked);

  const schema = (
    server.requests[0]!.body.tools as {
      function: { name: string; parameters: { properties: object } };
    }[]
  ).find((tool) => tool.function.name === 'search_tools')!.function.parameters;
  expect(schema.properties).toHaveProperty('queries');
  const answer = JSON.parse(String(server.requests[1]!.body.messages!.at(-1)!.content)) as {
    results: { name: string; needs: string[] }[];
  };
  const names = answer.results.map((found) => found.name);
  expect(names.slice(0, 2)).toEqual([scanner, 'weather_forecast']);
  expect(new Set(names).size).toBe(names.length);
  expect(answer.results[1]!.needs).toEqual([needs[1]]);
  expect(server.requests[1]!.toolNames).toEqual(
    expect.arrayContaining([scanner, 'weather_forecast']),
  );
  expect(executed).toEqual([{ name: 'weather_forecast', input: { city: 'Lyon', days: 3 } }]);
  expect(result.text).toBe('Sunny, and no leaks checked yet.');
  expect(examples.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
    storedForm([
      { query: needs[1]!, tool: 'weather_forecast' },
      { query: asked, tool: 'weather_forecast' },
    ]),
  );
});
