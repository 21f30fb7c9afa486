import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { bm25 } from '@shortlist/bm25';
import { bagOfWordsEmbedder } from '@shortlist/conformance';
import { pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { intent } from '@shortlist/intent-knn';
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

it('teaches an intent() ranker, so later conversations are offered a tool their words alone miss', async () => {
  const paraphrase = 'did our stripe sk_live string get pushed';
  server = await startAnthropicServer(
    scriptedModel([{ says: paraphrase, tool: 'scan_secrets', input: { repo: 'acme/api' } }]),
  );
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL });
  const ranker = intent({ examples: [], embedder: bagOfWordsEmbedder() });
  const picker = await pipe(bm25(), ranker).fuse(rrf()).index(catalogue);
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
    anthropicShortlist(picker, { learn: ranker }),
    'pre-selection',
    messages,
    { scan_secrets: () => 'found 1 leaked key' },
    executed,
  );
  expect(executed).toEqual(['scan_secrets']);

  // A new conversation in the user's own words: the learnt example brings the tool.
  expect(await offeredFor(`${paraphrase}?`)).toContain('scan_secrets');
});
