import Anthropic from '@anthropic-ai/sdk';
import type {
  BetaMessageParam,
  BetaToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/beta/messages';
import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { type AnthropicServer, startAnthropicServer } from '@shortlist/test-servers';
import { afterEach, expect, it } from 'vitest';
import { anthropicShortlist } from './anthropic-shortlist.js';
import { catalogue } from './test-catalogue.js';
import { scriptedModel } from './test-scripted-model.js';

let server: AnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('works the same through the beta namespace (client.beta.messages.create)', async () => {
  server = await startAnthropicServer(
    scriptedModel([
      {
        says: 'euros',
        tool: 'convert_currency',
        input: { amount: '100' },
        search: 'convert money currency',
      },
    ]),
  );
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL });
  const shortlist = anthropicShortlist(await pipe(bm25()).index(catalogue));
  const messages: BetaMessageParam[] = [
    { role: 'user', content: 'What are 100 euros in dollars?' },
  ];
  for (let step = 0; step < 4; step++) {
    const reply = await client.beta.messages.create({
      model: 'claude-test',
      max_tokens: 256,
      messages,
      tools: shortlist.searchTools(),
    });
    messages.push({ role: 'assistant', content: reply.content });
    if (reply.stop_reason !== 'tool_use') break;
    const results: BetaToolResultBlockParam[] = await shortlist.answer(reply);
    for (const block of reply.content) {
      if (block.type === 'tool_use' && block.name === 'convert_currency') {
        results.push({ type: 'tool_result', tool_use_id: block.id, content: '108.40 USD' });
      }
    }
    messages.push({ role: 'user', content: results });
  }
  expect(messages.at(-1)).toMatchObject({
    role: 'assistant',
    content: [{ type: 'text', text: 'Done: 108.40 USD' }],
  });
  expect(server.requests.map((r) => r.loaded.includes('convert_currency'))).toEqual([
    false,
    true,
    true,
  ]);
  // Pre-selection takes beta messages too.
  expect((await shortlist.tools(messages)).map((tool) => tool.name)).toContain('convert_currency');
});
