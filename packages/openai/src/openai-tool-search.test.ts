import { bm25 } from '@shortlist/bm25';
import { type ExampleStore, InvalidArgumentError, memoryExampleStore, pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { storedRequest } from '@shortlist/learn';
import { lexical as defaultPipeline } from '@shortlist/lexical';
import { toolSearchCall, type WireObject } from '@shortlist/test-servers';
import { tfidf } from '@shortlist/tfidf';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { openaiToolSearch } from './openai-tool-search.js';
import { chatTools, responsesTools } from './test-catalogue.js';
import { localOpenAI } from './test-local-openai.js';
import { recordingHandlers, responsesLoop } from './test-loop.js';
import {
  emailAndSecrets,
  emailOrSecrets,
  loadedNames,
  searchingModel,
} from './test-scripted-models.js';

/** Examples as the learner hands them to its store: each request as hashed words. */
const storedForm = (examples: readonly { query: string; tool: string }[]) =>
  examples.map(({ query, tool }) => ({ query: storedRequest(query), tool }));

const local = localOpenAI();

const lexical = () => pipe(bm25(), tfidf()).fuse(rrf());
/** The default pipeline learning into `store`: what calls teach through `picker.learn()`. */
const learning = (store: ExampleStore) => defaultPipeline({ examples: store });

describe('openaiToolSearch with the real openai client', () => {
  it('answers the model\u2019s tool_search_call, and the loop runs the tool it found, through a 429 and a 500', async () => {
    const catalogue = responsesTools();
    const store = memoryExampleStore();
    const search = openaiToolSearch(await learning(store).index(catalogue));
    const { executed, run } = recordingHandlers();
    local.server.responses = searchingModel(emailOrSecrets);
    local.server.fail({ status: 429, headers: { 'retry-after': '0' } }, { status: 502 });

    const input: ResponseInputItem[] = [
      { role: 'user', content: 'Did I leak an API key in acme/api?' },
    ];
    const answer = await responsesLoop(
      local.client,
      input,
      () => [search.tool],
      run,
      (output) => search.answer(output, { input }),
    );
    expect(answer).toMatch(/^done: scan_secrets ran/);
    expect(executed).toEqual(['scan_secrets']);
    expect(local.server.requests.slice(0, 3).map((r) => r.retryCount)).toEqual(['0', '1', '2']);
    // Only the search tool is sent; the catalogue stays out of the request.
    expect(local.server.requests[0]!.body.tools).toEqual([
      expect.objectContaining({ type: 'tool_search', execution: 'client' }),
    ]);
    const searched = (local.server.requests[3]!.body.input as WireObject[]).find(
      (item) => item.type === 'tool_search_output',
    ) as { execution: string; tools: WireObject[] };
    expect(searched.execution).toBe('client');
    expect(searched.tools.length).toBeLessThanOrEqual(5);
    // Each found tool is the user's own definition, marked for deferred loading.
    for (const tool of searched.tools) {
      expect(tool.defer_loading).toBe(true);
      const { defer_loading: _, ...definition } = tool;
      expect(catalogue).toContainEqual(definition);
    }
    // The model's search query and the user's request both teach the tool that served them.
    expect(store.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([
        { query: 'scan repository for exposed credentials', tool: 'scan_secrets' },
        { query: 'Did I leak an API key in acme/api?', tool: 'scan_secrets' },
      ]),
    );
  });

  it('answers a batched search (queries) with tools for every need in one output; a call teaches its need', async () => {
    const catalogue = responsesTools();
    const store = memoryExampleStore();
    const search = openaiToolSearch(await learning(store).index(catalogue), { limit: 2 });
    const { executed, run } = recordingHandlers();
    local.server.responses = searchingModel(emailAndSecrets);
    const asked = 'Check acme/api for a leaked key and email the team about it';
    const input: ResponseInputItem[] = [{ role: 'user', content: asked }];
    const answer = await responsesLoop(
      local.client,
      input,
      () => [search.tool],
      run,
      (output) => search.answer(output, { input }),
    );
    expect(answer).toMatch(/^done: send_email ran/);
    expect(executed).toEqual(['send_email']);
    const sent = local.server.requests[0]!.body.tools![0] as {
      parameters: { properties: Record<string, unknown> };
    };
    expect(sent.parameters.properties).toHaveProperty('queries');
    const loaded = loadedNames(local.server.requests[1]!.body.input);
    expect(loaded.slice(0, 2)).toEqual(['scan_secrets', 'send_email']);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(loaded.length).toBeLessThanOrEqual(4);
    expect(store.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([
        { query: 'send an email message', tool: 'send_email' },
        { query: asked, tool: 'send_email' },
      ]),
    );
  });

  it('keeps the request\u2019s tools identical across turns while the earlier finds stay callable', async () => {
    const search = openaiToolSearch(await lexical().index(responsesTools()));
    const { executed, run } = recordingHandlers();
    local.server.responses = searchingModel(emailOrSecrets);
    const input: ResponseInputItem[] = [
      { role: 'user', content: 'Did I leak an API key in acme/api?' },
    ];
    const loop = () =>
      responsesLoop(
        local.client,
        input,
        () => [search.tool],
        run,
        (o) => search.answer(o),
      );
    await loop();
    input.push({ role: 'user', content: 'Email security about it' });
    expect(await loop()).toMatch(/^done: send_email ran/);
    expect(executed).toEqual(['scan_secrets', 'send_email']);
    const sentTools = local.server.requests.map((r) => JSON.stringify(r.body.tools));
    expect(new Set(sentTools).size).toBe(1);
    const last = local.server.requests[local.server.requests.length - 1]!.body.input;
    expect(loadedNames(last)).toEqual(expect.arrayContaining(['scan_secrets', 'send_email']));
    expect(search.session.offered).toEqual(expect.arrayContaining(['scan_secrets', 'send_email']));
  });

  it('teaches the picker from the calls, so it improves from use', async () => {
    const store = memoryExampleStore();
    const picker = await learning(store).index(responsesTools());
    const search = openaiToolSearch(picker);
    const request = 'Did I leak an API key?';
    expect(store.examples()).toEqual([]);
    local.server.responses = searchingModel(emailOrSecrets);
    const input: ResponseInputItem[] = [{ role: 'user', content: request }];
    await responsesLoop(
      local.client,
      input,
      () => [search.tool],
      recordingHandlers().run,
      (o) => search.answer(o, { input }),
    );
    expect((await picker.select(request, { limit: 5 })).picks[0]!.name).toBe('scan_secrets');
    // One door: the same feedback through picker.learn() gives a fresh picker the same ranking.
    const taught = store.examples().map(({ query, tool }) => ({ query, tool }));
    expect(taught).toEqual(
      storedForm([
        { query: 'scan repository for exposed credentials', tool: 'scan_secrets' },
        { query: request, tool: 'scan_secrets' },
      ]),
    );
    const reference = await learning(memoryExampleStore()).index(responsesTools());
    await reference.learn(taught);
    for (const probe of [request, 'exposed credentials in a repository', 'send an email']) {
      const ranking = async (p: typeof picker) =>
        (await p.select(probe)).picks.map(({ name, score }) => [name, score]);
      expect(await ranking(picker)).toEqual(await ranking(reference));
    }
  });

  it('answers a search it cannot read with no tools rather than failing the loop', async () => {
    const search = openaiToolSearch(await lexical().index(responsesTools()));
    const outputs = await search.answer([
      toolSearchCall({ paths: [] }),
      toolSearchCall('{"query":"convert euros to dollars"}'),
      { type: 'tool_search_call', execution: 'server', arguments: { query: 'x' } },
      null,
    ]);
    expect(outputs).toHaveLength(2);
    expect(outputs[0]!.tools).toEqual([]);
    expect(outputs[1]!.tools.map((t) => t.name)).toContain('convert_currency');
    await expect(search.answer('not items' as never)).rejects.toThrow(InvalidArgumentError);
  });

  it('never returns a name outside the catalogue, even after tools are removed', async () => {
    const catalogue = responsesTools();
    const picker = await lexical().index(catalogue);
    const search = openaiToolSearch(picker, { limit: 8 });
    await picker.remove(['send_email', 'search_email']);
    const names = new Set(picker.tools().map((tool) => tool.name));
    for (const query of ['send an email', 'mailbox', 'deploy', 'weather in Paris', 'x y z']) {
      const [output] = await search.answer([toolSearchCall({ query })]);
      for (const tool of output!.tools) expect(names.has(tool.name)).toBe(true);
    }
  });

  it('refuses a catalogue of Chat Completions tools with a typed error', async () => {
    const search = openaiToolSearch(await lexical().index(chatTools()));
    await expect(search.answer([toolSearchCall({ query: 'send an email' })])).rejects.toThrow(
      /tool_search_output needs Responses function tools.*"send_email"/s,
    );
  });
});
