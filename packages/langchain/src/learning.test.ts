import { memoryExampleStore } from '@shortlist/core';
import { storedRequest } from '@shortlist/learn';
import { lexical } from '@shortlist/lexical';
import { type OpenAIRequest, type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { createAgent } from 'langchain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readLangChainTools } from './read-langchain-tools.js';
import { localModel } from './test-agent.js';
import { type Executed, sampleLangChainTools } from './test-catalogue.js';
import { argsFor, lastContent } from './test-chat-helpers.js';
import { shortlistToolSearchMiddleware } from './tool-search-middleware.js';

/** Examples as the learner hands them to its store: each request as hashed words. */
const storedForm = (examples: readonly { query: string; tool: string }[]) =>
  examples.map(({ query, tool }) => ({ query: storedRequest(query), tool }));

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
  const examples = memoryExampleStore();
  const picker = await lexical({ examples }).index(await readLangChainTools(tools));
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
  expect(examples.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
    storedForm([
      { query: 'rotate a leaked api key', tool: wanted },
      { query: 'oops, the stripe credential ended up in a public commit', tool: wanted },
    ]),
  );

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
