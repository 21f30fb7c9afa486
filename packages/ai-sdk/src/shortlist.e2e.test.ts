import { createOpenAI } from '@ai-sdk/openai';
import { memoryExampleStore } from '@shortlist/core';
import { storedRequest } from '@shortlist/learn';
import {
  type ChatModel,
  type OpenAIRequest,
  type OpenAIServer,
  startOpenAIServer,
} from '@shortlist/test-servers';
import { generateText, type ModelMessage, stepCountIs, ToolLoopAgent } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { shortlist } from './shortlist.js';
import { testToolSet } from './test-tool-set.js';

/** Examples as the learner hands them to its store: each request as hashed words. */
const storedForm = (examples: readonly { query: string; tool: string }[]) =>
  examples.map(({ query, tool }) => ({ query: storedRequest(query), tool }));

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const modelAt = (baseURL: string) => createOpenAI({ baseURL, apiKey: 'test-key' }).chat('gpt-4o');
const startChatServer = (chat: ChatModel) => startOpenAIServer({ chat });
const lastToolResult = (request: OpenAIRequest) => request.body.messages?.at(-1)?.role === 'tool';

describe('pre-selection through prepareStep', () => {
  it('offers a few tools, the right one among them, and the loop runs it', async () => {
    const { tools, executed } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Posted.' }
        : request.toolNames.includes('chat_post_message')
          ? {
              toolCalls: [{ name: 'chat_post_message', args: { channel: '#ops', text: 'outage' } }],
            }
          : { text: 'I have no tool for that.' },
    );
    const result = await generateText({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(4),
      prompt: 'post a message to the team chat channel about the outage',
    });
    expect(result.text).toBe('Posted.');
    expect(executed.map((call) => call.name)).toEqual(['chat_post_message']);
    const total = Object.keys(tools).length;
    for (const request of server.requests) {
      expect(request.toolNames.length).toBeLessThanOrEqual(16);
      expect(request.toolNames.length).toBeLessThan(total / 10);
    }
  });

  it('keeps earlier tools offered on the next turn, in the same order (stable prefix)', async () => {
    const { tools } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Done.' }
        : request.toolNames.includes('calendar_create_event')
          ? { toolCalls: [{ name: 'calendar_create_event', args: { title: 'sync' } }] }
          : { text: 'OK.' },
    );
    const messages: ModelMessage[] = [
      { role: 'user', content: 'create a calendar event for the design sync on Friday' },
    ];
    const first = await generateText({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(4),
      messages,
    });
    messages.push(...first.response.messages, {
      role: 'user',
      content: 'now refund the duplicate charge on order 1042',
    });
    const before = server.requests.at(-1)!.toolNames;
    await generateText({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(4),
      messages,
    });
    const after = server.requests.at(-1)!.toolNames;
    expect(before.length).toBeLessThan(after.length);
    expect(after.length).toBeLessThanOrEqual(16);
    expect(after).toContain('calendar_create_event');
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.some((name) => name.includes('refund'))).toBe(true);
  });

  it('works as a ToolLoopAgent hook, and learns { query, tool } from the call', async () => {
    const { tools, executed } = testToolSet();
    const store = memoryExampleStore();
    const picks = await shortlist(tools, { examples: store });
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Scheduled.' }
        : {
            toolCalls: [{ name: 'chat_schedule_message', args: { channel: '#team', text: 'hi' } }],
          },
    );
    const agent = new ToolLoopAgent({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(4),
    });
    const prompt = 'schedule a chat message to the team for tomorrow morning';
    await agent.generate({ prompt });
    expect(executed.map((call) => call.name)).toEqual(['chat_schedule_message']);
    // The user's own message, once (not the conversation query, which repeats it to weight it),
    // so forgetting what the user asked erases it.
    expect(store.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([{ query: prompt, tool: 'chat_schedule_message' }]),
    );
    expect(await picks.picker.forget({ query: prompt })).toBe(1);
    expect(store.examples()).toEqual([]);
  });

  it('a call to a tool that was not offered takes the SDK error path, not a crash', async () => {
    const { tools, executed } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Sorry.' }
        : { toolCalls: [{ name: 'payroll_run_payroll', args: {} }] },
    );
    const result = await generateText({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(3),
      prompt: 'what is the weather in Paris tomorrow',
    });
    expect(server.requests[0]!.toolNames).not.toContain('payroll_run_payroll');
    expect(executed).toEqual([]);
    const errors = result.steps.flatMap((step) =>
      step.content.filter((part) => part.type === 'tool-error'),
    );
    expect(errors.map((part) => part.toolName)).toEqual(['payroll_run_payroll']);
  });
});

describe('tool search through toolSearch({ search })', () => {
  it('the model searches in its own words, then calls a tool the search found', async () => {
    const { tools, executed } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request, i) => {
      if (i === 0) {
        // Retries must carry the loop through a rate limit.
        return { status: 429, headers: { 'retry-after-ms': '10' } };
      }
      const last = request.body.messages!.at(-1)!;
      if (last.role === 'user')
        return {
          toolCalls: [{ name: 'tool_search', args: { query: 'leak API key credentials' } }],
        };
      if (request.toolNames.includes('secrets_scan_repository') && !executed.length) {
        return {
          toolCalls: [{ name: 'secrets_scan_repository', args: { repository: 'acme/api' } }],
        };
      }
      return { text: 'No leaks found.' };
    });
    const result = await generateText({
      model: modelAt(server.baseURL),
      tools: picks.withToolSearch(),
      stopWhen: stepCountIs(5),
      prompt: 'did we push any secrets to acme/api?',
    });
    expect(result.text).toBe('No leaks found.');
    expect(server.requests.map((request) => request.status).slice(0, 2)).toEqual([429, 200]);
    const answered = server.requests.filter((request) => request.status === 200);
    expect(answered[0]!.toolNames).toEqual(['tool_search']);
    expect(answered[1]!.toolNames).toContain('secrets_scan_repository');
    expect(answered[1]!.toolNames.length).toBeLessThanOrEqual(6);
    expect(executed.map((call) => call.name)).toEqual(['secrets_scan_repository']);
  });

  it('a batched search (queries) finds a tool for every need in one call; a call teaches its need', async () => {
    const { tools, executed } = testToolSet();
    const learn = memoryExampleStore();
    const picks = await shortlist(tools, { examples: learn, limit: 2 });
    const needs = ['leak API key credentials', 'weather forecast for a city'];
    server = await startChatServer((request) => {
      const last = request.body.messages!.at(-1)!;
      if (last.role === 'user')
        return { toolCalls: [{ name: 'tool_search', args: { queries: needs } }] };
      if (request.toolNames.includes('weather_forecast') && !executed.length) {
        return { toolCalls: [{ name: 'weather_forecast', args: { city: 'Lyon', days: 2 } }] };
      }
      return { text: 'Rain in Lyon.' };
    });
    const conversation = picks.conversation();
    const prompt = 'did our stripe sk_live string get out, and do I need an umbrella tomorrow?';
    const result = await generateText({
      model: modelAt(server.baseURL),
      tools: conversation.withToolSearch({ maxResults: 2 }),
      prepareStep: conversation.prepareStep,
      stopWhen: stepCountIs(5),
      prompt,
    });
    expect(result.text).toBe('Rain in Lyon.');
    const sent = (
      server.requests[0]!.body.tools as {
        function: { name: string; parameters: { properties: object } };
      }[]
    ).find((tool) => tool.function.name === 'tool_search')!;
    expect(sent.function.parameters.properties).toHaveProperty('queries');
    const searched = JSON.parse(String(server.requests[1]!.body.messages!.at(-1)!.content)) as {
      tools: { name: string }[];
    };
    const found = searched.tools.map((tool) => tool.name);
    expect(found.slice(0, 2)).toEqual(['secrets_scan_repository', 'weather_forecast']);
    expect(new Set(found).size).toBe(found.length);
    expect(server.requests[1]!.toolNames).toEqual(
      expect.arrayContaining(['secrets_scan_repository', 'weather_forecast']),
    );
    expect(executed.map((call) => call.name)).toEqual(['weather_forecast']);
    expect(learn.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([
        { query: needs[1]!, tool: 'weather_forecast' },
        { query: prompt, tool: 'weather_forecast' },
      ]),
    );
  });

  it('refuses a malformed batched search with an error the model reads', async () => {
    const { tools } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request) =>
      request.body.messages!.at(-1)!.role === 'user'
        ? { toolCalls: [{ name: 'tool_search', args: { queries: [] } }] }
        : { text: 'gave up' },
    );
    const result = await generateText({
      model: modelAt(server.baseURL),
      tools: picks.withToolSearch(),
      stopWhen: stepCountIs(3),
      prompt: 'anything',
    });
    expect(result.text).toBe('gave up');
    expect(String(server.requests[1]!.body.messages!.at(-1)!.content)).toMatch(
      /queries must hold 1 to 16 needs, got 0/,
    );
  });

  it('never returns a name outside the tools the SDK offered as eligible', async () => {
    const { tools } = testToolSet();
    const picks = await shortlist(tools);
    const names = await picks.search({
      query: 'post a chat message',
      tools: [{ name: 'chat_post_message' }, { name: 'email_send' }],
    });
    expect(names).toEqual(['chat_post_message']);
  });

  it('refuses a search tool name that collides with a tool', async () => {
    const { tools } = testToolSet();
    const picks = await shortlist(tools);
    expect(() => picks.withToolSearch({ searchToolName: 'email_send' })).toThrow(
      /already in the tool set/,
    );
  });
});
