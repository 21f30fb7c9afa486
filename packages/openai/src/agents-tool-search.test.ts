import { Agent, ModelBehaviorError, OpenAIProvider, Runner } from '@openai/agents';
import { bm25 } from '@shortlist/bm25';
import { type ExampleStore, memoryExampleStore, pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { storedRequest } from '@shortlist/learn';
import { lexical as defaultPipeline } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { beforeAll, describe, expect, it } from 'vitest';
import { shortlistToolSearchTool } from './agents-tool-search.js';
import { agentTools } from './test-agent-tools.js';
import { responsesTools } from './test-catalogue.js';
import { localOpenAI } from './test-local-openai.js';
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
let runner: Runner;
beforeAll(() => {
  runner = new Runner({
    modelProvider: new OpenAIProvider({ openAIClient: local.client, useResponses: true }),
    tracingDisabled: true,
  });
});

const lexical = () => pipe(bm25(), tfidf()).fuse(rrf());
/** The default pipeline learning into `store`: what calls teach through `picker.learn()`. */
const learning = (store: ExampleStore) => defaultPipeline({ examples: store });

describe('shortlistToolSearchTool with the real Agents SDK', () => {
  it('runs an agent whose model searches, loads and calls a tool, through a 429 and a 500', async () => {
    const { tools, executed } = agentTools();
    const store = memoryExampleStore();
    const picker = await learning(store).index(tools);
    const agent = new Agent({
      name: 'engineer',
      model: 'gpt-5.4',
      tools: [shortlistToolSearchTool(picker)],
    });
    local.server.responses = searchingModel(emailOrSecrets);
    local.server.fail({ status: 429, headers: { 'retry-after': '0' } }, { status: 500 });

    const result = await runner.run(agent, 'Did I leak an API key in acme/api?');
    expect(result.finalOutput).toMatch(/^done: scan_secrets ran/);
    expect(executed).toEqual(['scan_secrets']);
    expect(local.server.requests.slice(0, 3).map((r) => r.retryCount)).toEqual(['0', '1', '2']);
    const first = local.server.requests[2]!.body;
    expect(first.tools).toEqual([
      expect.objectContaining({ type: 'tool_search', execution: 'client' }),
    ]);
    const next = local.server.requests[3]!.body;
    expect(loadedNames(next.input)).toContain('scan_secrets');
    expect(store.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([{ query: 'scan repository for exposed credentials', tool: 'scan_secrets' }]),
    );
    // One door: the agent's call taught what picker.learn() teaches a fresh picker.
    const reference = await learning(memoryExampleStore()).index(tools);
    await reference.learn([
      { query: 'scan repository for exposed credentials', tool: 'scan_secrets' },
    ]);
    for (const probe of ['Did I leak an API key?', 'exposed credentials', 'send an email']) {
      const ranking = async (p: typeof picker) =>
        (await p.select(probe)).picks.map(({ name, score }) => [name, score]);
      expect(await ranking(picker)).toEqual(await ranking(reference));
    }
  });

  it('answers a batched search (queries) with the agent\u2019s tools for every need; the call teaches its need', async () => {
    const { tools, executed } = agentTools();
    const store = memoryExampleStore();
    const picker = await learning(store).index(tools);
    const agent = new Agent({
      name: 'engineer',
      model: 'gpt-5.4',
      tools: [shortlistToolSearchTool(picker, { limit: 2 })],
    });
    local.server.responses = searchingModel(emailAndSecrets);
    const result = await runner.run(agent, 'Check acme/api for a leaked key and email the team');
    expect(result.finalOutput).toMatch(/^done: send_email ran/);
    expect(executed).toEqual(['send_email']);
    const loaded = loadedNames(local.server.requests[1]!.body.input);
    expect(loaded.slice(0, 2)).toEqual(['scan_secrets', 'send_email']);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(store.examples().map(({ query, tool }) => ({ query, tool }))).toEqual(
      storedForm([{ query: 'send an email message', tool: 'send_email' }]),
    );
  });

  it('loads the agent\u2019s own deferred tools (the same objects) and keeps earlier finds across turns', async () => {
    const { tools, executed } = agentTools({ deferLoading: true });
    const picker = await lexical().index(tools);
    const agent = new Agent({
      name: 'engineer',
      model: 'gpt-5.4',
      tools: [...tools, shortlistToolSearchTool(picker)],
    });
    local.server.responses = searchingModel(emailOrSecrets);
    const first = await runner.run(agent, 'Did I leak an API key in acme/api?');
    expect(first.finalOutput).toMatch(/^done: scan_secrets ran/);
    // The catalogue goes out deferred, as OpenAI's tool search expects; the model sees none of it yet.
    const sent = local.server.requests[0]!.body.tools!;
    expect(sent.filter((t) => t.type === 'function' && t.defer_loading === true)).toHaveLength(
      tools.length,
    );
    const second = await runner.run(agent, [
      ...first.history,
      { role: 'user', content: 'Email security about it' },
    ]);
    expect(second.finalOutput).toMatch(/^done: send_email ran/);
    expect(executed).toEqual(['scan_secrets', 'send_email']);
    const last = local.server.requests[local.server.requests.length - 1]!.body;
    expect(loadedNames(last.input)).toEqual(expect.arrayContaining(['scan_secrets', 'send_email']));
    // The request's tool list did not change from turn to turn.
    expect(new Set(local.server.requests.map((r) => JSON.stringify(r.body.tools))).size).toBe(1);
  });

  it('a model calling a tool the search never found takes the SDK\u2019s own error path', async () => {
    const { tools, executed } = agentTools({ deferLoading: true });
    const agent = new Agent({
      name: 'engineer',
      model: 'gpt-5.4',
      tools: [...tools, shortlistToolSearchTool(await lexical().index(tools))],
    });
    local.server.responses = searchingModel({ ...emailOrSecrets, pick: () => 'refund_payment' });
    const error = await runner.run(agent, 'Did I leak an API key?').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelBehaviorError);
    expect((error as Error).message).toMatch(/refund_payment/);
    expect(executed).toEqual([]);
  });

  it('says which tool is not an Agents SDK tool when the picker holds plain definitions', async () => {
    const agent = new Agent({
      name: 'engineer',
      model: 'gpt-5.4',
      tools: [shortlistToolSearchTool(await lexical().index(responsesTools()))],
    });
    local.server.responses = searchingModel(emailOrSecrets);
    await expect(runner.run(agent, 'Did I leak an API key?')).rejects.toThrow(
      /"scan_secrets".*tool\(\)/s,
    );
  });
});
