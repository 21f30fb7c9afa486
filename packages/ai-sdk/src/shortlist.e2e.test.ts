import { createOpenAI } from '@ai-sdk/openai';
import { memoryExampleStore } from '@shortlist/core';
import { generateText, type ModelMessage, stepCountIs, ToolLoopAgent } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { shortlist } from './shortlist.js';
import { type ChatServer, startChatServer } from './test-chat-server.js';
import { testToolSet } from './test-tool-set.js';

let server: ChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const modelAt = (baseURL: string) => createOpenAI({ baseURL, apiKey: 'test-key' }).chat('gpt-4o');
const lastToolResult = (request: { messages: readonly { role: string }[] }) =>
  request.messages.at(-1)?.role === 'tool';

describe('pre-selection through prepareStep', () => {
  it('offers a few tools, the right one among them, and the loop runs it', async () => {
    const { tools, executed } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Posted.' }
        : request.tools.includes('chat_post_message')
          ? { call: [{ name: 'chat_post_message', input: { channel: '#ops', text: 'outage' } }] }
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
      expect(request.tools.length).toBeLessThanOrEqual(16);
      expect(request.tools.length).toBeLessThan(total / 10);
    }
  });

  it('keeps earlier tools offered on the next turn, in the same order (stable prefix)', async () => {
    const { tools } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Done.' }
        : request.tools.includes('calendar_create_event')
          ? { call: [{ name: 'calendar_create_event', input: { title: 'sync' } }] }
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
    const before = server.requests.at(-1)!.tools;
    await generateText({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(4),
      messages,
    });
    const after = server.requests.at(-1)!.tools;
    expect(before.length).toBeLessThan(after.length);
    expect(after.length).toBeLessThanOrEqual(16);
    expect(after).toContain('calendar_create_event');
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.some((name) => name.includes('refund'))).toBe(true);
  });

  it('works as a ToolLoopAgent hook, and learns { query, tool } from the call', async () => {
    const { tools, executed } = testToolSet();
    const store = memoryExampleStore();
    const picks = await shortlist(tools, { learn: store });
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Scheduled.' }
        : { call: [{ name: 'chat_schedule_message', input: { channel: '#team', text: 'hi' } }] },
    );
    const agent = new ToolLoopAgent({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(4),
    });
    await agent.generate({ prompt: 'schedule a chat message to the team for tomorrow morning' });
    expect(executed.map((call) => call.name)).toEqual(['chat_schedule_message']);
    expect(store.examples().map((example) => example.tool)).toEqual(['chat_schedule_message']);
    expect(store.examples()[0]!.query).toContain('schedule a chat message');
  });

  it('a call to a tool that was not offered takes the SDK error path, not a crash', async () => {
    const { tools, executed } = testToolSet();
    const picks = await shortlist(tools);
    server = await startChatServer((request) =>
      lastToolResult(request)
        ? { text: 'Sorry.' }
        : { call: [{ name: 'payroll_run_payroll', input: {} }] },
    );
    const result = await generateText({
      model: modelAt(server.baseURL),
      tools,
      prepareStep: picks.prepareStep,
      stopWhen: stepCountIs(3),
      prompt: 'what is the weather in Paris tomorrow',
    });
    expect(server.requests[0]!.tools).not.toContain('payroll_run_payroll');
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
      const last = request.messages.at(-1)!;
      if (last.role === 'user')
        return { call: [{ name: 'tool_search', input: { query: 'leak API key credentials' } }] };
      if (request.tools.includes('secrets_scan_repository') && !executed.length) {
        return { call: [{ name: 'secrets_scan_repository', input: { repository: 'acme/api' } }] };
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
    expect(server.requests[0]!.tools).toEqual(['tool_search']);
    expect(server.requests[1]!.tools).toContain('secrets_scan_repository');
    expect(server.requests[1]!.tools.length).toBeLessThanOrEqual(6);
    expect(executed.map((call) => call.name)).toEqual(['secrets_scan_repository']);
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
