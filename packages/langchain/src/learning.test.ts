import type { Picker } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import { type OpenAIRequest, type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { createAgent } from 'langchain';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readLangChainTools } from './read-langchain-tools.js';
import { localModel } from './test-agent.js';
import { type Executed, sampleLangChainTools } from './test-catalogue.js';
import { argsFor, lastContent } from './test-chat-helpers.js';
import { shortlistToolSearchMiddleware } from './tool-search-middleware.js';

/** A picker's ranking of a probe, names and scores: what learning changes. */
const ranking = async (picker: Picker, probe: string) =>
  (await picker.select(probe)).picks.map(({ name, score }) => [name, score]);

// A real agent runs several conversations; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

const wanted = 'secrets_rotate';

/** A model that calls the tool it needs when offered, else searches in its own words first. */
const model = (request: OpenAIRequest) => {
  const last = request.body.messages!.at(-1)!;
  if (last.role === 'tool' && lastContent(request, 'tool').endsWith('done'))
    return { text: 'Done.' };
  if (request.toolNames.includes(wanted)) {
    return { toolCalls: [{ name: wanted, args: argsFor(request, wanted) }] };
  }
  if (last.role === 'user') {
    return { toolCalls: [{ name: 'search_tools', args: { query: 'rotate a leaked api key' } }] };
  }
  return { text: 'No tool for that.' };
};

it('learns from a search-then-call, so a similar request is pre-selected the tool with no search', async () => {
  const executed: Executed[] = [];
  const tools = sampleLangChainTools(executed);
  // As a user sets it up: the default pipeline, which learns in memory with no configuration.
  const picker = await lexical().index(await readLangChainTools(tools));
  const agent = createAgent({
    model: localModel(server),
    tools,
    middleware: [shortlistToolSearchMiddleware(picker, { preselect: true })],
  });
  const ask = (content: string, thread: string) =>
    agent.invoke(
      { messages: [{ role: 'user', content }] },
      { configurable: { thread_id: thread } },
    );
  const later = 'the stripe credential ended up in a public commit again';

  // Before learning: pre-selection does not offer the tool for the later request.
  server.script(() => ({ text: 'Noted.' }));
  await ask(later, 'before');
  expect(server.requests[0]!.toolNames).not.toContain(wanted);
  expect(server.requests[0]!.toolNames).toContain('search_tools');

  // Conversation 1: the tool is not pre-selected; the model searches, finds it and calls it.
  server.script(model);
  await ask('oops, the stripe credential ended up in a public commit', 'first');
  const first = server.requests.map((request) => request.toolNames);
  expect(first[0]).not.toContain(wanted);
  expect(first[1]).toContain(wanted);
  expect(executed.map((call) => call.name)).toEqual([wanted]);
  // It taught the model's search and the user's request, as picker.learn() of both would.
  const reference = await lexical().index(await readLangChainTools(tools));
  await reference.learn([
    { query: 'rotate a leaked api key', tool: wanted },
    { query: 'oops, the stripe credential ended up in a public commit', tool: wanted },
  ]);
  for (const probe of [later, 'rotate a leaked api key', 'weather in Paris'])
    expect(await ranking(picker, probe)).toEqual(await ranking(reference, probe));

  // Conversation 2, same picker: the first model request already carries the tool; no search.
  server.script(model);
  await ask(later, 'second');
  expect(server.requests[0]!.toolNames).toContain(wanted);
  const calls = server.requests.flatMap((request) =>
    (request.body.messages ?? []).flatMap((message) =>
      ((message.tool_calls ?? []) as { function: { name: string } }[]).map(
        (call) => call.function.name,
      ),
    ),
  );
  expect(calls).not.toContain('search_tools');
  expect(executed.map((call) => call.name)).toEqual([wanted, wanted]);
});
