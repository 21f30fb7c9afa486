import { bm25 } from '@shortlist/bm25';
import { InvalidArgumentError, memoryExampleStore, pipe } from '@shortlist/core';
import { storedRequest } from '@shortlist/learn';
import { type OpenAIRequest, type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { createAgent, type ToolMessage } from 'langchain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readLangChainTools } from './read-langchain-tools.js';
import type { ToolSearchArtifact } from './search-tools-tool.js';
import { localModel, sampleCatalogue } from './test-agent.js';
import { lastContent } from './test-chat-helpers.js';
import { shortlistToolSearchMiddleware } from './tool-search-middleware.js';

/** Examples as the learner hands them to its store: each request as hashed words. */
const storedForm = (examples: readonly { query: string; tool: string }[]) =>
  examples.map(({ query, tool }) => ({ query: storedRequest(query), tool }));

// Real agents over a 176-tool catalogue, some indexing it twice: a loaded machine needs more than 5 s.
vi.setConfig({ testTimeout: 30_000 });

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

/** A model that searches, then calls the first tool the search listed, then answers. */
const searchThenCall = (query: string, args: unknown) => (request: OpenAIRequest) => {
  const last = request.body.messages!.at(-1)!;
  if (last.role === 'user') return { toolCalls: [{ name: 'search_tools', args: { query } }] };
  const found = /^- (\w+):/m.exec(lastContent(request, 'tool'));
  if (last.role === 'tool' && found && !lastContent(request, 'tool').endsWith('done')) {
    return { toolCalls: [{ name: found[1]!, args }] };
  }
  return { text: 'All done.' };
};

describe('shortlistToolSearchMiddleware through createAgent and ChatOpenAI', () => {
  it('finds a tool from the model-written query, offers it, and the agent runs it', async () => {
    const learnt = memoryExampleStore();
    const { tools, picker, executed } = await sampleCatalogue(learnt);
    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSearchMiddleware(picker)],
    });
    server.script(searchThenCall('rotate a leaked api key', { secret_name: 'stripe-live' }));
    const result = await agent.invoke({
      messages: [{ role: 'user', content: 'I pushed our Stripe key to GitHub by mistake' }],
    });

    const [first, second, third] = server.requests;
    // 176 tools in the catalogue, yet the first request carries only the search tool.
    expect(first!.toolNames).toEqual(['search_tools']);
    expect(second!.toolNames).toContain('secrets_rotate');
    expect(second!.toolNames).toContain('search_tools');
    expect(second!.toolNames.length).toBeLessThanOrEqual(6);
    expect(executed).toEqual([{ name: 'secrets_rotate', args: { secret_name: 'stripe-live' } }]);
    // The offer stays put once the tool was called: same list, same order.
    expect(third!.toolNames).toEqual(second!.toolNames);
    expect(result.messages.at(-1)!.text).toBe('All done.');

    const searchResult = result.messages.find(
      (m) => m.getType() === 'tool' && (m as ToolMessage).name === 'search_tools',
    ) as ToolMessage;
    const artifact = searchResult.artifact as ToolSearchArtifact;
    expect(artifact.query).toBe('rotate a leaked api key');
    expect(artifact.tools[0]).toBe('secrets_rotate');
    for (const name of artifact.tools) expect(picker.get(name)).toBeDefined();
    // The model's own search query and the user's request taught which tool served them.
    const taught = [
      { query: 'rotate a leaked api key', tool: 'secrets_rotate' },
      { query: 'I pushed our Stripe key to GitHub by mistake', tool: 'secrets_rotate' },
    ];
    expect(learnt.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm(taught),
    );
    // One door: the same feedback through picker.learn() gives a fresh picker the same ranking.
    const { picker: reference } = await sampleCatalogue(memoryExampleStore());
    await reference.learn(taught);
    for (const probe of ['my Stripe key is on GitHub', 'rotate a key', 'weather in Paris']) {
      const ranking = async (p: typeof picker) =>
        (await p.select(probe)).picks.map(({ name, score }) => [name, score]);
      expect(await ranking(picker)).toEqual(await ranking(reference));
    }
  });

  it('tells the model plainly when no tool fits, and the agent answers without searching again', async () => {
    const { tools, picker, executed } = await sampleCatalogue();
    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSearchMiddleware(picker)],
    });
    server.script(searchThenCall('zzqx frobnicate', {}));
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'zzqx please' }] });
    const searched = result.messages.filter(
      (m) => m.getType() === 'tool' && (m as ToolMessage).name === 'search_tools',
    ) as ToolMessage[];
    expect(searched.map((m) => m.text)).toEqual([
      'No tool fits this request. Do not search again for it: answer without a tool, or ask the user what they need.',
    ]);
    expect((searched[0]!.artifact as ToolSearchArtifact).tools).toEqual([]);
    expect(executed).toEqual([]);
    expect(result.messages.at(-1)!.text).toBe('All done.');
  });

  it('answers a batched search (queries) in one result, and a call teaches the need that found it', async () => {
    const learnt = memoryExampleStore();
    const { tools, picker, executed } = await sampleCatalogue(learnt);
    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSearchMiddleware(picker)],
    });
    const needs = ['rotate a leaked api key', 'schedule a meeting on the calendar'];
    server.script((request) => {
      const last = request.body.messages!.at(-1)!;
      if (last.role === 'user') {
        return { toolCalls: [{ name: 'search_tools', args: { queries: needs, limit: 2 } }] };
      }
      if (last.role === 'tool' && lastContent(request, 'tool').startsWith('Found')) {
        return {
          toolCalls: [
            {
              name: 'calendar_create_event',
              args: { title: 'retro', start: '2026-12-01T10:00:00Z' },
            },
          ],
        };
      }
      return { text: 'All done.' };
    });
    const result = await agent.invoke({
      messages: [{ role: 'user', content: 'Rotate the Stripe key and book a retro' }],
    });
    const searchResult = result.messages.find(
      (m) => m.getType() === 'tool' && (m as ToolMessage).name === 'search_tools',
    ) as ToolMessage;
    const artifact = searchResult.artifact as ToolSearchArtifact;
    expect(artifact.queries).toEqual(needs);
    expect(artifact.tools.slice(0, 2)).toEqual(['secrets_rotate', 'calendar_create_event']);
    expect(new Set(artifact.tools).size).toBe(artifact.tools.length);
    expect(artifact.tools.length).toBeLessThanOrEqual(4);
    expect(artifact.foundBy!.calendar_create_event).toEqual([needs[1]]);
    expect(searchResult.text).toContain(
      `- secrets_rotate: ${picker.get('secrets_rotate')!.description} (for: ${needs[0]})`,
    );
    // The search tool's input schema, as the model received it, takes queries.
    const searchTool = (
      server.requests[0]!.body.tools as unknown as {
        function: { name: string; parameters: { properties: Record<string, unknown> } };
      }[]
    ).find((t) => t.function.name === 'search_tools')!;
    expect(searchTool.function.parameters.properties).toHaveProperty('queries');
    // Offered together on the next request; the call ran.
    expect(server.requests[1]!.toolNames).toEqual(
      expect.arrayContaining(['secrets_rotate', 'calendar_create_event']),
    );
    expect(executed).toEqual([
      { name: 'calendar_create_event', args: { title: 'retro', start: '2026-12-01T10:00:00Z' } },
    ]);
    expect(learnt.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([
        { query: needs[1]!, tool: 'calendar_create_event' },
        { query: 'Rotate the Stripe key and book a retro', tool: 'calendar_create_event' },
      ]),
    );
  });

  it('never lists a tool the agent cannot run, even when the catalogue holds it', async () => {
    const { tools, picker } = await sampleCatalogue();
    const runnable = tools.filter((t) => t.name !== 'secrets_rotate');
    const agent = createAgent({
      model: localModel(server),
      tools: runnable,
      middleware: [shortlistToolSearchMiddleware(picker)],
    });
    server.script(searchThenCall('rotate a leaked api key', {}));
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'rotate keys' }] });
    const searchResult = result.messages.find((m) => m.getType() === 'tool') as ToolMessage;
    const artifact = searchResult.artifact as ToolSearchArtifact;
    expect(artifact.tools).not.toContain('secrets_rotate');
    expect(searchResult.text).not.toContain('secrets_rotate');
    for (const request of server.requests)
      expect(request.toolNames).not.toContain('secrets_rotate');
  });

  it('lets a blank search and a call to a tool it was never offered take the normal error path', async () => {
    const { tools, picker, executed } = await sampleCatalogue();
    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSearchMiddleware(picker)],
    });
    server.script((request, i) => {
      if (i === 0) return { toolCalls: [{ name: 'search_tools', args: { query: '   ' } }] };
      if (i === 1) return { toolCalls: [{ name: 'no_such_tool', args: {} }] };
      return { text: `saw: ${lastContent(request, 'tool')}` };
    });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'hello' }] });
    const errors = result.messages.filter((m) => m.getType() === 'tool') as ToolMessage[];
    expect(errors.map((m) => m.status)).toEqual(['error', 'error']);
    expect(errors[0]!.text).toMatch(/search_tools needs a query/);
    expect(errors[1]!.text).toMatch(/no_such_tool/);
    expect(executed).toEqual([]);
    expect(result.messages.at(-1)!.text).toMatch(/^saw: /);
  });

  it('rejects what it cannot work with, with a typed error', async () => {
    const { picker, tools } = await sampleCatalogue();
    const pipeline = pipe(bm25());
    expect(() => shortlistToolSearchMiddleware(pipeline as never)).toThrow(
      /needs an indexed picker; that is a pipeline; index it first/,
    );
    expect(() => shortlistToolSearchMiddleware(picker, { searchToolName: 'email_send' })).toThrow(
      InvalidArgumentError,
    );
    expect(() => shortlistToolSearchMiddleware(picker, { searchToolName: 'has space' })).toThrow(
      /searchToolName/,
    );
    expect(() => shortlistToolSearchMiddleware(picker, { maxResults: 0 })).toThrow(/maxResults/);
    expect(() => shortlistToolSearchMiddleware(picker, { limit: 8, maxTools: 4 })).toThrow(
      /maxTools \(4\) is below limit \(8\)/,
    );
    const small = await pipe(bm25()).index(await readLangChainTools(tools.slice(0, 3)));
    expect(() => shortlistToolSearchMiddleware(small, { maxConversations: -1 })).toThrow(
      /maxConversations/,
    );
  });
});
