import Anthropic, { BadRequestError } from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolReferenceUnresolvedError } from '@anthropic-ai/sdk/resources/messages';
import { bm25 } from '@shortlist/bm25';
import { memoryExampleStore, pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { storedRequest } from '@shortlist/learn';
import { lexical } from '@shortlist/lexical';
import {
  type AnthropicServer,
  overloaded,
  rateLimited,
  stalled,
  startAnthropicServer,
} from '@shortlist/test-servers';
import { tfidf } from '@shortlist/tfidf';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicShortlist } from './anthropic-shortlist.js';
import { runAgentTurn } from './test-agent-loop.js';
import { catalogue } from './test-catalogue.js';
import { type Intent, scriptedModel } from './test-scripted-model.js';

/** Examples as the learner hands them to its store: each request as hashed words. */
const storedForm = (examples: readonly { query: string; tool: string }[]) =>
  examples.map(({ query, tool }) => ({ query: storedRequest(query), tool }));

const handlers = {
  scan_secrets: () => 'found 1 leaked key in config/prod.env',
  convert_currency: () => '100 EUR = 108.40 USD',
};

let server: AnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const start = async (intents: Intent[]) => {
  server = await startAnthropicServer(scriptedModel(intents));
  return {
    server,
    client: new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 2 }),
  };
};

describe('tool search through the real SDK', () => {
  it('loads a deferred tool only after a tool_reference names it, then the loop runs it', async () => {
    const { server, client } = await start([
      {
        says: 'Has a password ended up in acme/api',
        tool: 'scan_secrets',
        input: { repo: 'acme/api' },
        search: 'leaked credentials API keys',
      },
    ]);
    const before = structuredClone(catalogue);
    const learn = memoryExampleStore();
    const picker = await lexical({ examples: learn }).index(catalogue);
    const shortlist = anthropicShortlist(picker);
    const messages: MessageParam[] = [
      { role: 'user', content: 'Has a password ended up in acme/api?' },
    ];
    const executed: string[] = [];

    server.fail(rateLimited(0.05));
    const reply = await runAgentTurn(
      client,
      shortlist,
      'tool-search',
      messages,
      handlers,
      executed,
    );
    expect(reply.content[0]).toMatchObject({ text: 'Done: found 1 leaked key in config/prod.env' });
    expect(executed).toEqual(['scan_secrets']);

    const answered = server.requests.filter((r) => r.status === 200);
    expect(server.requests[0]).toMatchObject({ status: 429, retryCount: '0' });
    expect(answered[0]!.retryCount).toBe('1');
    // The same tools on every request (prompt caches hold): the search tool, then the catalogue deferred.
    const names = ['search_tools', ...catalogue.map((tool) => tool.name)];
    for (const request of answered) {
      expect(request.tools).toEqual(names);
      expect(request.deferred).toEqual(names.slice(1));
    }
    // Before the search only the search tool was loaded; after it, the found tools too.
    expect(answered[0]!.loaded).toEqual(['search_tools']);
    expect(answered[1]!.loaded).toContain('scan_secrets');
    expect(answered[1]!.loaded.length).toBeLessThanOrEqual(6);
    // The search answer: tool_reference blocks, every one a catalogue tool.
    const searchResult = (messages[2]!.content as { type: string; content?: unknown }[])[0]!;
    expect(searchResult).toMatchObject({ type: 'tool_result' });
    const references = searchResult.content as { type: string; tool_name: string }[];
    expect(references.every((block) => block.type === 'tool_reference')).toBe(true);
    expect(references.map((block) => block.tool_name)).toContain('scan_secrets');
    // Deferred copies were sent; the user's objects were not changed.
    expect(catalogue).toEqual(before);
    const definition = answered[0]!.toolDefinitions.find((tool) => tool.name === 'scan_secrets');
    expect(definition).toEqual({ ...catalogue[0], defer_loading: true });
    // Learning: the call is recorded under the model's search query and the user's request.
    expect(learn.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([
        { query: 'leaked credentials API keys', tool: 'scan_secrets' },
        { query: 'Has a password ended up in acme/api?', tool: 'scan_secrets' },
      ]),
    );
  });

  it('a batched search (queries) loads a tool for every need at once; a call teaches its need', async () => {
    const needs = ['leaked credentials API keys', 'convert an amount between currencies'];
    const { server, client } = await start([
      {
        says: 'Check acme/api for leaks and price 100 EUR in USD',
        tool: 'convert_currency',
        input: { amount: 100, from: 'EUR', to: 'USD' },
        search: needs,
      },
    ]);
    const learn = memoryExampleStore();
    const picker = await lexical({ examples: learn }).index(catalogue);
    const shortlist = anthropicShortlist(picker, { maxResults: 3 });
    const asked = 'Check acme/api for leaks and price 100 EUR in USD';
    const messages: MessageParam[] = [{ role: 'user', content: asked }];
    const executed: string[] = [];
    const reply = await runAgentTurn(
      client,
      shortlist,
      'tool-search',
      messages,
      handlers,
      executed,
    );
    expect(reply.content[0]).toMatchObject({ text: 'Done: 100 EUR = 108.40 USD' });
    expect(executed).toEqual(['convert_currency']);
    const [first, second] = server.requests.filter((r) => r.status === 200);
    const searchTool = first!.toolDefinitions.find(
      (tool) => tool.name === 'search_tools',
    ) as unknown as {
      input_schema: { properties: Record<string, unknown> };
    };
    expect(searchTool.input_schema.properties).toHaveProperty('queries');
    const searchResult = (messages[2]!.content as { type: string; content?: unknown }[])[0]!;
    const loaded = (searchResult.content as { tool_name: string }[]).map(
      (block) => block.tool_name,
    );
    expect(loaded.slice(0, 2)).toEqual(['scan_secrets', 'convert_currency']);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(second!.loaded).toEqual(expect.arrayContaining(['scan_secrets', 'convert_currency']));
    expect(learn.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([
        { query: needs[1]!, tool: 'convert_currency' },
        { query: asked, tool: 'convert_currency' },
      ]),
    );
  });

  it('carries a search through a stall and a 529, and answers a second search in the same conversation', async () => {
    const { server, client } = await start([
      {
        says: 'leaked',
        tool: 'scan_secrets',
        input: { repo: 'acme/api' },
        search: 'leaked credentials',
      },
      {
        says: 'euros',
        tool: 'convert_currency',
        input: { amount: '100' },
        search: 'convert money currency',
      },
    ]);
    const shortlist = anthropicShortlist(await pipe(bm25(), tfidf()).fuse(rrf()).index(catalogue));
    const messages: MessageParam[] = [{ role: 'user', content: 'Is anything leaked in acme/api?' }];
    const executed: string[] = [];
    server.fail(stalled);
    const patient = client.withOptions({ timeout: 300 });
    await runAgentTurn(patient, shortlist, 'tool-search', messages, handlers, executed);
    messages.push({ role: 'user', content: 'And what are 100 euros in dollars?' });
    server.fail(overloaded);
    await runAgentTurn(client, shortlist, 'tool-search', messages, handlers, executed);
    expect(executed).toEqual(['scan_secrets', 'convert_currency']);
    expect(server.requests.filter((r) => r.status === 529)).toHaveLength(1);
    expect(server.requests.slice(0, 2).map((r) => [r.status, r.retryCount])).toEqual([
      [0, '0'],
      [200, '1'],
    ]);
    expect(server.requests.at(-1)!.loaded).toEqual(
      expect.arrayContaining(['scan_secrets', 'convert_currency']),
    );
  });

  it('the server refuses what the real API refuses: unknown references and calls before loading', async () => {
    const { client } = await start([]);
    const deferredScan = { ...catalogue[0]!, defer_loading: true };
    const search = { name: 'search_tools', input_schema: { type: 'object' as const } };
    const request = (messages: MessageParam[]) =>
      client.messages.create({
        model: 'claude-test',
        max_tokens: 64,
        messages,
        tools: [search, deferredScan],
      });
    const use = (name: string) => ({ type: 'tool_use' as const, id: 'toolu_1', name, input: {} });
    const reference = (name: string): MessageParam => ({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: [{ type: 'tool_reference', tool_name: name }],
        },
      ],
    });
    const ask: MessageParam = { role: 'user', content: 'hi' };
    await expect(
      request([
        ask,
        { role: 'assistant', content: [use('search_tools')] },
        reference('no_such_tool'),
      ]),
    ).rejects.toBeInstanceOf(ToolReferenceUnresolvedError);
    await expect(
      request([
        ask,
        { role: 'assistant', content: [use('scan_secrets')] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
      ]),
    ).rejects.toBeInstanceOf(BadRequestError);
    await expect(
      client.messages.create({
        model: 'claude-test',
        max_tokens: 64,
        messages: [ask],
        tools: [deferredScan],
      }),
    ).rejects.toThrow(/at least one tool must not have defer_loading/);
  });
});
