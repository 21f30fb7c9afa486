import { afterEach, describe, expect, it } from 'vitest';
import { malformed, stalled } from './fault.js';
import { startOpenAIServer } from './index.js';
import type { OpenAIServer } from './openai/openai-server.js';

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (path: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${server!.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stainless-retry-count': '0' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

describe('startOpenAIServer', () => {
  it('answers Chat Completions from the script and records what was offered', async () => {
    server = await startOpenAIServer({
      chat: ({ toolNames }) =>
        toolNames.includes('a') ? { toolCalls: [{ name: 'a', args: { x: 1 } }] } : { text: 'no' },
    });
    const tools = [{ type: 'function', function: { name: 'a' } }];
    const reply = await post('/chat/completions', { model: 'm', tools });
    expect(await reply.json()).toMatchObject({
      choices: [
        {
          finish_reason: 'tool_calls',
          message: { tool_calls: [{ function: { name: 'a', arguments: '{"x":1}' } }] },
        },
      ],
    });
    expect(server.requests[0]).toMatchObject({ toolNames: ['a'], retryCount: '0', status: 200 });
  });

  it('streams Chat Completions as server-sent chunks when asked to stream', async () => {
    server = await startOpenAIServer({
      chat: (_request, index) =>
        index === 0 ? { toolCalls: [{ name: 'a', args: { x: 1 } }] } : { text: 'done' },
    });
    const events = async (reply: Response) =>
      (await reply.text())
        .split('\n\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length));
    const call = await post('/chat/completions', { model: 'm', stream: true });
    expect(call.headers.get('content-type')).toBe('text/event-stream');
    const callEvents = await events(call);
    expect(callEvents.at(-1)).toBe('[DONE]');
    const chunks = callEvents.slice(0, -1).map((data) => JSON.parse(data));
    expect(
      chunks.flatMap((chunk) =>
        chunk.choices.flatMap(
          (c: { delta: { tool_calls?: unknown[] } }) => c.delta.tool_calls ?? [],
        ),
      ),
    ).toEqual([
      {
        index: 0,
        id: expect.any(String),
        type: 'function',
        function: { name: 'a', arguments: '{"x":1}' },
      },
    ]);
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual([
      'tool_calls',
    ]);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 15 } });
    const text = (await events(await post('/chat/completions', { model: 'm', stream: true })))
      .slice(0, -1)
      .map((data) => JSON.parse(data).choices[0]?.delta.content ?? '')
      .join('');
    expect(text).toBe('done');
  });

  it('serves queued faults first: 429 with retry-after, then a malformed body', async () => {
    server = await startOpenAIServer();
    server.fail({ status: 429, headers: { 'retry-after': '2' } }, malformed);
    const limited = await post('/responses', { model: 'm', input: 'hi' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.json()).toMatchObject({ error: { message: 'scripted 429' } });
    await expect((await post('/responses', { model: 'm', input: 'hi' })).json()).rejects.toThrow();
    const ok = await post('/responses', { model: 'm', input: 'hi' });
    expect(await ok.json()).toMatchObject({ output: [{ content: [{ text: 'no script' }] }] });
    expect(server.requests.map((r) => r.status)).toEqual([429, 200, 200]);
  });

  it('refuses an output item whose call id the input never made, as the API does', async () => {
    server = await startOpenAIServer();
    const input = [{ type: 'function_call_output', call_id: 'call_x', output: '1' }];
    const refused = await post('/responses', { model: 'm', input });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { message: expect.stringContaining('call_x') },
    });
  });

  it('a stalled request stays unanswered until the client gives up, and close() ends it', async () => {
    server = await startOpenAIServer();
    server.fail(stalled);
    const abort = new AbortController();
    const pending = post('/chat/completions', { model: 'm' }, abort.signal);
    await expect.poll(() => server!.requests.length).toBe(1);
    abort.abort();
    await expect(pending).rejects.toThrow();
    expect(server.requests[0]!.status).toBe(0);
  });
});
