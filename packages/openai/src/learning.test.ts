import { memoryExampleStore } from '@shortlist/core';
import { storedRequest } from '@shortlist/learn';
import { lexical } from '@shortlist/lexical';
import type { WireObject } from '@shortlist/test-servers';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { expect, it } from 'vitest';
import { openaiToolSearch } from './openai-tool-search.js';
import { openaiTools } from './openai-tools.js';
import { responsesTools } from './test-catalogue.js';
import { localOpenAI } from './test-local-openai.js';
import { recordingHandlers, responsesLoop } from './test-loop.js';
import { emailOrSecrets, offeredNames, searchingModel } from './test-scripted-models.js';

/** Examples as the learner hands them to its store: each request as hashed words. */
const storedForm = (examples: readonly { query: string; tool: string }[]) =>
  examples.map(({ query, tool }) => ({ query: storedRequest(query), tool }));

const local = localOpenAI();

it('learns from a search-then-call, so a similar request is pre-selected the tool with no search', async () => {
  const examples = memoryExampleStore();
  const picker = await lexical({ examples }).index(responsesTools());
  const { executed, run } = recordingHandlers();
  local.server.responses = searchingModel(emailOrSecrets);
  /** One conversation: pre-selected tools with a search tool beside them. */
  const converse = (text: string) => {
    const tools = openaiTools(picker);
    const search = openaiToolSearch(picker);
    const input: ResponseInputItem[] = [{ role: 'user', content: text }];
    return responsesLoop(
      local.client,
      input,
      async (now) => [...(await tools.forResponses(now)), search.tool],
      run,
      (output) => search.answer(output, { input }),
    );
  };
  const first = 'did our stripe sk_live string get out';
  const later = 'did a stripe sk_live string get out again';

  // Before learning, pre-selection does not offer the tool for the later request.
  const before = await openaiTools(picker).forResponses(later);
  expect(before.map((tool) => tool.name)).not.toContain('scan_secrets');

  // Conversation 1: not pre-selected, so the model searches in its own words and calls the find.
  await converse(first);
  expect(offeredNames(local.server.requests[0]!.body)).not.toContain('scan_secrets');
  expect(executed).toEqual(['scan_secrets']);
  expect(examples.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
    storedForm([
      { query: 'scan repository for exposed credentials', tool: 'scan_secrets' },
      { query: first, tool: 'scan_secrets' },
    ]),
  );

  // Conversation 2, same picker: the first request already offers the tool, and no search runs.
  const seen = local.server.requests.length;
  await converse(later);
  const second = local.server.requests.slice(seen);
  expect(offeredNames(second[0]!.body)).toContain('scan_secrets');
  const searched = second.flatMap((request) =>
    (request.body.input as WireObject[]).filter((item) => item.type === 'tool_search_call'),
  );
  expect(searched).toEqual([]);
  expect(executed).toEqual(['scan_secrets', 'scan_secrets']);
});
