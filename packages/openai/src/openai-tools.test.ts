import { bm25 } from '@shortlist/bm25';
import { type ExampleStore, InvalidArgumentError, memoryExampleStore, pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { storedRequest } from '@shortlist/learn';
import { lexical as defaultPipeline } from '@shortlist/lexical';
import type { WireObject } from '@shortlist/test-servers';
import { tfidf } from '@shortlist/tfidf';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { openaiTools } from './openai-tools.js';
import { chatTools, responsesTools } from './test-catalogue.js';
import { localOpenAI } from './test-local-openai.js';
import { recordingHandlers, responsesLoop } from './test-loop.js';
import { offeredNames, pickingChatModel, pickingModel } from './test-scripted-models.js';

const local = localOpenAI();

const lexical = () => pipe(bm25(), tfidf()).fuse(rrf());
/** The default pipeline learning into `store`: what calls teach through `picker.learn()`. */
const learning = (store: ExampleStore) => defaultPipeline({ examples: store });
/** The scripted model calls the tool the user's words ask for when it is offered. */
const wants = (user: string) =>
  /email/.test(user) ? 'send_email' : /issue/.test(user) ? 'create_issue' : 'get_weather';
const pickWanted = (offered: readonly string[], user: string) =>
  offered.includes(wants(user)) ? wants(user) : (offered[0] ?? 'none');

describe('openaiTools().forResponses with the real openai client', () => {
  it('offers a few of the user\u2019s own definitions, keeps them across turns, and survives a 429 and a 500', async () => {
    const catalogue = responsesTools();
    const store = memoryExampleStore();
    const picker = await learning(store).index(catalogue);
    const tools = openaiTools(picker);
    const { executed, run } = recordingHandlers();
    local.server.responses = pickingModel(pickWanted);
    local.server.fail({ status: 429, headers: { 'retry-after': '0' } }, { status: 500 });

    const input: ResponseInputItem[] = [
      { role: 'user', content: 'Open a GitHub issue in acme/api about the login bug' },
    ];
    const first = await responsesLoop(
      local.client,
      input,
      (items) => tools.forResponses(items),
      run,
    );
    expect(first).toMatch(/^done: create_issue ran/);
    // The SDK retried through the 429 and the 500: the third attempt of the first call answered.
    expect(local.server.requests.slice(0, 3).map((request) => request.retryCount)).toEqual([
      '0',
      '1',
      '2',
    ]);
    const turnOne = local.server.requests.slice(2);
    const firstOffer = turnOne[0]!.body.tools as unknown[];
    expect(firstOffer.length).toBeGreaterThan(0);
    expect(firstOffer.length).toBeLessThanOrEqual(5);
    // Exactly the user's definitions reached the API, untouched.
    for (const sent of firstOffer) {
      expect(catalogue).toContainEqual(sent);
    }

    input.push({ role: 'user', content: 'Now email the team that the issue is filed' });
    const second = await responsesLoop(
      local.client,
      input,
      (items) => tools.forResponses(items),
      run,
    );
    expect(second).toMatch(/^done: send_email ran/);
    expect(executed).toEqual(['create_issue', 'send_email']);
    const turnTwo = local.server.requests.slice(local.server.requests.length - 2);
    const secondOffer = offeredNames(turnTwo[0]!.body);
    // Append-only: the first turn's list is a prefix of the second's, so the prompt cache survives.
    expect(secondOffer.slice(0, firstOffer.length)).toEqual(offeredNames(turnOne[0]!.body));
    expect(secondOffer).toContain('create_issue');
    expect(secondOffer).toContain('send_email');
    // Learning: the call to create_issue was recorded under the query that offered it.
    expect(store.examples().map((example) => example.tool)).toContain('create_issue');
    expect(store.examples().find((e) => e.tool === 'create_issue')!.query).toContain(
      storedRequest('login bug').slice('#sl1 '.length),
    );
  });

  it('refuses a picker of Chat Completions tools with a typed error naming the tool', async () => {
    const picker = await lexical().index(chatTools());
    const tools = openaiTools(picker);
    const error = await tools.forResponses('send an email').catch((e: unknown) => e);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /needs Responses function tools.*"send_email" as Chat Completions tools/s,
    );
  });

  it('rejects an input that is not a Responses input', async () => {
    const tools = openaiTools(await lexical().index(responsesTools()));
    await expect(tools.forResponses(42)).rejects.toThrow(InvalidArgumentError);
    await expect(tools.forChat('hello')).rejects.toThrow(/Chat Completions messages array/);
  });

  it('offers nothing new before the user has spoken', async () => {
    const tools = openaiTools(await lexical().index(responsesTools()));
    expect(await tools.forResponses([{ role: 'system', content: 'You send email' }])).toEqual([]);
  });
});

describe('openaiTools().forChat with the real openai client', () => {
  it('runs a Chat Completions loop on the offered tools, through a 500', async () => {
    const catalogue = chatTools();
    const picker = await lexical().index(catalogue);
    const tools = openaiTools(picker);
    const { executed, run } = recordingHandlers();
    local.server.chat = pickingChatModel(pickWanted);
    local.server.fail({ status: 503 });
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: 'You are a helpful engineer.' },
      { role: 'user', content: [{ type: 'text', text: 'Please email the on-call team' }] },
    ];
    let answer = '';
    for (let step = 0; step < 4 && answer === ''; step++) {
      const completion = await local.client.chat.completions.create({
        model: 'gpt-5.4',
        messages,
        tools: await tools.forChat(messages),
      });
      const reply = completion.choices[0]!.message;
      messages.push(reply);
      for (const call of reply.tool_calls ?? []) {
        if (call.type !== 'function') continue;
        messages.push({
          role: 'tool',
          tool_call_id: call.id,
          content: run(call.function.name, call.function.arguments),
        });
      }
      if (!reply.tool_calls) answer = reply.content ?? '';
    }
    expect(answer).toMatch(/^done: send_email ran/);
    expect(executed).toEqual(['send_email']);
    expect(local.server.requests[0]!.retryCount).toBe('0');
    expect(local.server.requests[1]!.retryCount).toBe('1');
    const sent = local.server.requests[1]!.body.tools as unknown[];
    expect(sent.length).toBeLessThanOrEqual(5);
    for (const tool of sent) expect(catalogue).toContainEqual(tool);
    // The second request (after the tool ran) still carries send_email, now pinned as called.
    expect(
      local.server.requests[2]!.body.tools!.map((t) => (t.function as WireObject).name),
    ).toContain('send_email');
  });
});
