import type { Picker } from '@shortlist/core';
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

/** A picker's ranking of a probe, names and scores: what learning changes. */
const ranking = async (picker: Picker, probe: string) =>
  (await picker.select(probe)).picks.map(({ name, score }) => [name, score]);

const local = localOpenAI();

it('learns from a search-then-call, so a similar request is pre-selected the tool with no search', async () => {
  // As a user sets it up: the default pipeline, which learns in memory with no configuration.
  const picker = await lexical().index(responsesTools());
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
  // It taught the model's search and the user's request, as picker.learn() of both would.
  const reference = await lexical().index(responsesTools());
  await reference.learn([
    { query: 'scan repository for exposed credentials', tool: 'scan_secrets' },
    { query: first, tool: 'scan_secrets' },
  ]);
  for (const probe of [later, first, 'send an email'])
    expect(await ranking(picker, probe)).toEqual(await ranking(reference, probe));

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
