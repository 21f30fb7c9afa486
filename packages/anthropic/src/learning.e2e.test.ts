import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { lexical } from '@shortlist/lexical';
import { type AnthropicServer, startAnthropicServer } from '@shortlist/test-servers';
import { afterEach, expect, it } from 'vitest';
import { anthropicShortlist } from './anthropic-shortlist.js';
import { runAgentTurn } from './test-agent-loop.js';
import { catalogue } from './test-catalogue.js';
import { scriptedModel } from './test-scripted-model.js';

let server: AnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('teaches the picker, so later conversations are offered a tool their words alone miss', async () => {
  const paraphrase = 'did our stripe sk_live string get pushed';
  server = await startAnthropicServer(
    scriptedModel([{ says: paraphrase, tool: 'scan_secrets', input: { repo: 'acme/api' } }]),
  );
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL });
  // As a user sets it up: the default pipeline, which learns in memory with no configuration.
  const picker = await lexical().index(catalogue);
  const offeredFor = async (text: string) =>
    (await anthropicShortlist(picker).tools([{ role: 'user', content: text }])).map(
      (tool) => tool.name,
    );

  // Before learning, the paraphrase alone does not bring the tool.
  expect(await offeredFor(`${paraphrase}?`)).not.toContain('scan_secrets');

  // One conversation where the user also said what they wanted; the model calls the tool.
  const messages: MessageParam[] = [
    { role: 'user', content: `${paraphrase}? Scan acme/api for a leaked API key.` },
  ];
  const executed: string[] = [];
  await runAgentTurn(
    client,
    anthropicShortlist(picker),
    'pre-selection',
    messages,
    { scan_secrets: () => 'found 1 leaked key' },
    executed,
  );
  expect(executed).toEqual(['scan_secrets']);

  // A new conversation in the user's own words: the learnt example brings the tool.
  expect(await offeredFor(`${paraphrase}?`)).toContain('scan_secrets');
});

it('learns from a search-then-call, so a similar request is pre-selected the tool with no search', async () => {
  const first = 'did our stripe sk_live string get out';
  const later = 'did a stripe sk_live string get pushed again';
  const intent = {
    tool: 'scan_secrets',
    input: { repo: 'acme/api' },
    search: 'leaked credentials',
  };
  server = await startAnthropicServer(
    scriptedModel([
      { ...intent, says: first },
      { ...intent, says: later },
    ]),
  );
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL });
  const picker = await lexical().index(catalogue);
  const handlers = { scan_secrets: () => 'found 1 leaked key' };

  // Before learning, pre-selection does not offer the tool for the later request.
  expect(
    (await anthropicShortlist(picker).tools([{ role: 'user', content: later }])).map((t) => t.name),
  ).not.toContain('scan_secrets');

  // Conversation 1: not pre-selected, so the model searches in its own words and calls the find.
  const executed: string[] = [];
  await runAgentTurn(
    client,
    anthropicShortlist(picker),
    'both',
    [{ role: 'user', content: first }],
    handlers,
    executed,
  );
  expect(server.requests[0]!.tools).not.toContain('scan_secrets');
  expect(server.requests[0]!.tools).toContain('search_tools');
  expect(executed).toEqual(['scan_secrets']);
  const taught = [
    { query: 'leaked credentials', tool: 'scan_secrets' },
    { query: first, tool: 'scan_secrets' },
  ];
  // One door: it taught what picker.learn() of the model's search and the user's request
  // teaches a fresh default picker, which then ranks the same.
  const reference = await lexical().index(catalogue);
  await reference.learn(taught);
  for (const probe of [later, first, 'scan for leaked credentials']) {
    const ranking = async (p: typeof picker) =>
      (await p.select(probe)).picks.map(({ name, score }) => [name, score]);
    expect(await ranking(picker)).toEqual(await ranking(reference));
  }

  // Conversation 2, same picker: the first request already carries the tool, and no search runs.
  const seen = server.requests.length;
  const messages: MessageParam[] = [{ role: 'user', content: later }];
  await runAgentTurn(client, anthropicShortlist(picker), 'both', messages, handlers, executed);
  expect(server.requests[seen]!.tools).toContain('scan_secrets');
  const uses = messages.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])),
  );
  expect(uses).toEqual(['scan_secrets']);
  expect(executed).toEqual(['scan_secrets', 'scan_secrets']);
});
