import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { bm25 } from '@shortlist/bm25';
import { type ExampleStore, memoryExampleStore, pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { storedRequest } from '@shortlist/learn';
import { lexical } from '@shortlist/lexical';
import {
  type AnthropicServer,
  overloaded,
  rateLimited,
  startAnthropicServer,
} from '@shortlist/test-servers';
import { tfidf } from '@shortlist/tfidf';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicShortlist } from './anthropic-shortlist.js';
import { runAgentTurn } from './test-agent-loop.js';
import { catalogue } from './test-catalogue.js';
import { scriptedModel } from './test-scripted-model.js';

const intents = [
  { says: 'leak an API key', tool: 'scan_secrets', input: { repo: 'acme/api' } },
  {
    says: 'GitHub issue',
    tool: 'create_issue',
    input: { repo: 'acme/api', title: 'Rotate the leaked key' },
  },
  { says: 'wipe', tool: 'delete_everything', input: {}, hallucinate: true },
];
const handlers = {
  scan_secrets: () => 'found 1 leaked key in config/prod.env',
  create_issue: () => 'opened issue #42',
};

let server: AnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Given a store, the picker learns into it (`lexical({ examples })`) from what calls teach it. */
const setUp = async (examples?: ExampleStore) => {
  server = await startAnthropicServer(scriptedModel(intents));
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 2 });
  const pipeline = examples ? lexical({ examples }) : pipe(bm25(), tfidf()).fuse(rrf());
  const picker = await pipeline.index(catalogue);
  return { server, client, picker };
};

describe('pre-selection through the real SDK', () => {
  it('offers a few of the user’s own tools, keeps them across turns and retries through 429 and 529', async () => {
    const learn = memoryExampleStore();
    const { server, client, picker } = await setUp(learn);
    const before = structuredClone(catalogue);
    const shortlist = anthropicShortlist(picker);
    const messages: MessageParam[] = [
      {
        role: 'user',
        content: 'Did anyone leak an API key or password in acme/api? Please scan it.',
      },
    ];
    const executed: string[] = [];

    server.fail(rateLimited(0.05));
    const first = await runAgentTurn(
      client,
      shortlist,
      'pre-selection',
      messages,
      handlers,
      executed,
    );
    expect(first.content).toEqual([
      { type: 'text', text: 'Done: found 1 leaked key in config/prod.env', citations: null },
    ]);

    messages.push({
      role: 'user',
      content: 'Thanks. Now open a GitHub issue in acme/api so we rotate it.',
    });
    server.fail(overloaded);
    await runAgentTurn(client, shortlist, 'pre-selection', messages, handlers, executed);
    expect(executed).toEqual(['scan_secrets', 'create_issue']);

    // The SDK retried each failure and the loop carried on.
    expect(server.requests.map((r) => [r.status, r.retryCount])).toEqual([
      [429, '0'],
      [200, '1'],
      [200, '0'],
      [529, '0'],
      [200, '1'],
      [200, '0'],
    ]);
    const answered = server.requests.filter((r) => r.status === 200);
    const names = new Set(catalogue.map((tool) => tool.name));
    for (const request of answered) {
      expect(request.tools.length).toBeGreaterThan(0);
      expect(request.tools.length).toBeLessThanOrEqual(10);
      expect(request.tools.every((name) => names.has(name))).toBe(true);
      expect(request.deferred).toEqual([]);
    }
    // Append-only across turns: each request's list starts with the previous one.
    for (let i = 1; i < answered.length; i++) {
      expect(answered[i]!.tools.slice(0, answered[i - 1]!.tools.length)).toEqual(
        answered[i - 1]!.tools,
      );
    }
    expect(answered[0]!.tools).toContain('scan_secrets');
    expect(answered[0]!.tools.length).toBeLessThanOrEqual(5);
    expect(answered[0]!.tools).not.toContain('create_issue');
    expect(answered.at(-1)!.tools).toEqual(
      expect.arrayContaining(['scan_secrets', 'create_issue']),
    );
    // The wire carried the user's definitions exactly, and they were not changed.
    const byName = new Map(catalogue.map((tool) => [tool.name, tool]));
    for (const definition of answered.at(-1)!.toolDefinitions) {
      expect(definition).toEqual(byName.get(definition.name));
    }
    expect(catalogue).toEqual(before);
    // Learning: each called tool is taught under the user's own message that it served, once.
    expect(learn.examples().map((example) => example.tool)).toEqual([
      'scan_secrets',
      'create_issue',
    ]);
    expect(learn.examples()[0]!.query).toBe(
      storedRequest('Did anyone leak an API key or password in acme/api? Please scan it.'),
    );
  });

  it('returns the very objects the user indexed', async () => {
    const { picker } = await setUp();
    const shortlist = anthropicShortlist(picker);
    const tools = await shortlist.tools([{ role: 'user', content: 'weather forecast for Paris' }]);
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(catalogue).toContain(tool);
    expect(tools.map((tool) => tool.name)).toContain('get_forecast');
  });

  it('takes the normal error path when the model calls a tool it was not offered', async () => {
    const learn = memoryExampleStore();
    const { server, client, picker } = await setUp(learn);
    const shortlist = anthropicShortlist(picker);
    const messages: MessageParam[] = [
      { role: 'user', content: 'Please wipe the weather cache for Paris.' },
    ];
    const reply = await runAgentTurn(client, shortlist, 'pre-selection', messages, handlers);
    expect(reply.content[0]).toMatchObject({
      type: 'text',
      text: 'Failed: Unknown tool: delete_everything',
    });
    expect(server.requests.every((r) => !r.tools.includes('delete_everything'))).toBe(true);
    expect(shortlist.session.offered).not.toContain('delete_everything');
    expect(learn.examples()).toEqual([]);
  });
});
