import { createOpenAI } from '@ai-sdk/openai';
import { memoryExampleStore } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import { type OpenAIRequest, type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { generateText, stepCountIs } from 'ai';
import { afterEach, expect, it } from 'vitest';
import { readAiSdkTools } from './read-ai-sdk-tools.js';
import { shortlist } from './shortlist.js';
import { testToolSet } from './test-tool-set.js';

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const wanted = 'secrets_scan_repository';

/** A model that calls the tool it needs when offered, else searches in its own words first. */
const model = (request: OpenAIRequest) => {
  const last = request.body.messages!.at(-1)!;
  // The scan's result ends the task.
  if (last.role === 'tool' && JSON.stringify(last.content).includes('findings')) {
    return { text: 'No leaks found.' };
  }
  if (request.toolNames.includes(wanted)) {
    return { toolCalls: [{ name: wanted, args: { repository: 'acme/api' } }] };
  }
  if (last.role === 'user') {
    return { toolCalls: [{ name: 'tool_search', args: { query: 'leak API key credentials' } }] };
  }
  return { text: 'No tool for that.' };
};

it('learns with no configuration from a search-then-call, so a similar request is pre-selected the tool with no search', async () => {
  const { tools, executed } = testToolSet();
  const picks = await shortlist(tools);
  server = await startOpenAIServer({ chat: model });
  const chat = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('gpt-4o');
  /** One conversation: pre-selection each step, with a search tool for the rest. */
  const converse = (prompt: string) => {
    const conversation = picks.conversation();
    return generateText({
      model: chat,
      tools: conversation.withToolSearch(),
      prepareStep: conversation.prepareStep,
      stopWhen: stepCountIs(6),
      prompt,
    });
  };
  const first = 'did our stripe sk_live string get out';
  const later = 'did a stripe sk_live string get out again';

  // Before learning, pre-selection does not offer the tool for the later request.
  const before = await picks.conversation().prepareStep({
    messages: [{ role: 'user', content: later }],
  } as never);
  expect(before?.activeTools).not.toContain(wanted);

  // Conversation 1: not pre-selected, so the model searches in its own words and calls the find.
  await converse(first);
  const one = server.requests.map((request) => request.toolNames);
  expect(one[0]).toContain('tool_search');
  expect(one[0]).not.toContain(wanted);
  expect(one[1]).toContain(wanted);
  expect(executed.map((call) => call.name)).toEqual([wanted]);
  // One door: the conversation taught exactly what picker.learn() with the model's search query
  // and the user's words teaches a fresh default picker, to the same ranking.
  const reference = await lexical({ examples: memoryExampleStore() }).index(
    await readAiSdkTools(tools),
  );
  await reference.learn([
    { query: 'leak API key credentials', tool: wanted },
    { query: first, tool: wanted },
  ]);
  const ranking = async (picker: typeof reference, query: string) =>
    (await picker.select(query, { limit: 5 })).picks.map(({ name, score }) => [name, score]);
  for (const probe of [later, first, 'scan for leaked credentials']) {
    expect(await ranking(picks.picker as typeof reference, probe)).toEqual(
      await ranking(reference, probe),
    );
  }

  // Conversation 2, same picker: the first request already carries the tool; no search.
  const seen = server.requests.length;
  const result = await converse(later);
  expect(server.requests[seen]!.toolNames).toContain(wanted);
  const calls = result.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName));
  expect(calls).toEqual([wanted]);
  expect(result.text).toBe('No leaks found.');
});

it('with learn: false, a search-then-call teaches nothing', async () => {
  const { tools } = testToolSet();
  const picks = await shortlist(tools, { learn: false });
  server = await startOpenAIServer({ chat: model });
  const conversation = picks.conversation();
  await generateText({
    model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('gpt-4o'),
    tools: conversation.withToolSearch(),
    prepareStep: conversation.prepareStep,
    stopWhen: stepCountIs(6),
    prompt: 'did our stripe sk_live string get out',
  });
  expect(server.requests[1]!.toolNames).toContain(wanted);
  const after = await picks.conversation().prepareStep({
    messages: [{ role: 'user', content: 'did a stripe sk_live string get out again' }],
  } as never);
  expect(after?.activeTools).not.toContain(wanted);
  expect(picks.picker.learns).toBe(false);
});

it('refuses examples beside a pipeline of your own, which must get the store itself', async () => {
  const { tools } = testToolSet();
  await expect(
    shortlist(tools, { pipeline: lexical(), examples: memoryExampleStore() }),
  ).rejects.toThrow(/examples only feed the default pipeline; pass them to your own pipeline/);
});
