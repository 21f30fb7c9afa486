import { type StructuredToolInterface, tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { bm25 } from '@shortlist/bm25';
import { InvalidArgumentError, memoryExampleStore, pipe } from '@shortlist/core';
import { storedRequest } from '@shortlist/learn';
import { type OpenAIRequest, type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { createAgent, type ToolMessage } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localModel, sampleCatalogue } from './test-agent.js';
import type { Executed } from './test-catalogue.js';
import { argsFor } from './test-chat-helpers.js';
import { shortlistToolSelectorMiddleware } from './tool-selector-middleware.js';

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

/** A model that calls `wanted` when the user has just spoken and it is offered, then answers. */
const callIfOffered = (wanted: string) => (request: OpenAIRequest) => {
  const last = request.body.messages!.at(-1)!;
  if (last.role === 'user' && request.toolNames.includes(wanted)) {
    return { toolCalls: [{ name: wanted, args: argsFor(request, wanted) }] };
  }
  return { text: `answered (${request.toolNames.length} tools offered)` };
};

describe('shortlistToolSelectorMiddleware through createAgent and ChatOpenAI', () => {
  it('offers a few fitting tools, keeps them across turns, and learns from the calls', async () => {
    const learnt = memoryExampleStore();
    const { tools, picker, executed } = await sampleCatalogue(learnt);
    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSelectorMiddleware(picker)],
    });

    server.script(callIfOffered('weather_get_forecast'));
    const first = await agent.invoke({
      messages: [{ role: 'user', content: 'what is the weather forecast in Paris tomorrow' }],
    });
    const turnOne = server.requests.map((r) => r.toolNames);
    expect(turnOne).toHaveLength(2);
    expect(turnOne[0]!.length).toBeGreaterThan(0);
    expect(turnOne[0]!.length).toBeLessThanOrEqual(5); // of 176
    expect(turnOne[0]).toContain('weather_get_forecast');
    expect(turnOne[1]).toEqual(turnOne[0]); // the tool result changes nothing
    expect(executed.map((e) => e.name)).toEqual(['weather_get_forecast']);

    // Turn two: the caller passes the returned messages back (no checkpointer, no thread id).
    server.script(callIfOffered('email_send'));
    const second = await agent.invoke({
      messages: [
        ...first.messages,
        { role: 'user', content: 'now send an email with the forecast to the team' },
      ],
    });
    const turnTwo = server.requests[0]!.toolNames;
    expect(turnTwo.slice(0, turnOne[0]!.length)).toEqual(turnOne[0]); // append-only: caches survive
    expect(turnTwo).toContain('email_send');
    expect(executed.map((e) => e.name)).toEqual(['weather_get_forecast', 'email_send']);
    expect(second.messages.at(-1)!.text).toMatch(/^answered/);

    expect(learnt.examples().map((e) => e.tool)).toEqual(['weather_get_forecast', 'email_send']);
    expect(learnt.examples()[0]!.query).toMatch(
      new RegExp(`^${storedRequest('what is the weather forecast in Paris tomorrow')}`),
    );
  });

  it('keys conversations by thread_id when the caller sends only the new message', async () => {
    const { tools, picker } = await sampleCatalogue();
    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSelectorMiddleware(picker)],
    });
    server.script(callIfOffered('travel_search_flights'));
    const ask = (content: string, thread: string) =>
      agent.invoke(
        { messages: [{ role: 'user', content }] },
        { configurable: { thread_id: thread } },
      );
    await ask('search flights to Oslo', 'a');
    const flights = server.requests[0]!.toolNames;
    expect(flights).toContain('travel_search_flights');

    server.script(callIfOffered('none'));
    await ask('translate hello into Norwegian', 'a');
    const sameThread = server.requests[0]!.toolNames;
    expect(sameThread.slice(0, flights.length)).toEqual(flights);
    expect(sameThread).toContain('translate_text');

    server.script(callIfOffered('none'));
    await ask('translate hello into Norwegian', 'b');
    expect(server.requests[0]!.toolNames).not.toContain('travel_search_flights');
  });

  it('a fresh conversation ranks the tool higher once the picker learnt from a call', async () => {
    const { tools, picker } = await sampleCatalogue(memoryExampleStore());
    const request = 'production is broken, get someone to look';
    const rankOf = async () =>
      (await picker.select(request, { limit: 10 })).picks.findIndex(
        (p) => p.name === 'incident_create',
      ) + 1;
    const before = await rankOf();
    expect(before).toBeGreaterThan(1);

    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSelectorMiddleware(picker)],
    });
    server.script(callIfOffered('incident_create'));
    await agent.invoke({ messages: [{ role: 'user', content: request }] });
    // Learning happens on the model call after the tool ran, when the call is in the history.
    expect(server.requests).toHaveLength(2);
    expect(await rankOf()).toBe(1);
  });

  it('always offers tools outside the catalogue; a call to an unknown tool gets an error result', async () => {
    const { tools, picker, executed } = await sampleCatalogue();
    const policy = tool(async () => 'policy text', {
      name: 'company_policy_lookup',
      description: 'Look up internal policy.',
      schema: z.object({ topic: z.string() }),
    });
    const agent = createAgent({
      model: localModel(server),
      tools: [...tools, policy] as StructuredToolInterface[],
      middleware: [shortlistToolSelectorMiddleware(picker)],
    });
    server.script((_request, i) =>
      i === 0 ? { toolCalls: [{ name: 'made_up_tool', args: {} }] } : { text: 'sorry' },
    );
    const result = await agent.invoke({
      messages: [{ role: 'user', content: 'check the weather in Rome' }],
    });
    for (const r of server.requests) expect(r.toolNames.at(-1)).toBe('company_policy_lookup');
    const error = result.messages.find((m) => m.getType() === 'tool') as ToolMessage;
    expect(error.status).toBe('error');
    expect(error.text).toMatch(/made_up_tool/);
    expect(executed).toEqual([]);
    expect(result.messages.at(-1)!.text).toBe('sorry');
  });

  it('survives a 429 with retry-after and a 503 through ChatOpenAI retries, offering the same tools', async () => {
    const { tools, picker, executed } = await sampleCatalogue();
    const agent = createAgent({
      model: localModel(server),
      tools,
      middleware: [shortlistToolSelectorMiddleware(picker)],
    });
    const model = callIfOffered('weather_get_forecast');
    server.script((request, i) => {
      if (i === 0) {
        return {
          status: 429,
          headers: { 'retry-after': '3' },
          body: {
            error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
          },
        };
      }
      if (i === 1)
        return { status: 503, body: { error: { message: 'overloaded', type: 'server_error' } } };
      return model(request);
    });
    const result = await agent.invoke({
      messages: [{ role: 'user', content: 'weather forecast for Lisbon' }],
    });
    const [limited, failed, ok] = server.requests;
    expect(server.requests).toHaveLength(4);
    // LangChain's caller waits at least retry-after (3 s); its own backoff alone is at most 2 s.
    expect(failed!.receivedAt - limited!.receivedAt).toBeGreaterThanOrEqual(2900);
    expect(failed!.toolNames).toEqual(limited!.toolNames);
    expect(ok!.toolNames).toEqual(limited!.toolNames);
    expect(executed.map((e) => e.name)).toEqual(['weather_get_forecast']);
    expect(result.messages.at(-1)!.text).toMatch(/^answered/);
  }, 20_000);

  it('passes a server error the model cannot retry to the caller as a rejection', async () => {
    const { tools, picker } = await sampleCatalogue();
    const agent = createAgent({
      model: new ChatOpenAI({
        model: 'gpt-4o-mini',
        apiKey: 'sk-test',
        maxRetries: 0,
        configuration: { baseURL: server.baseURL },
      }),
      tools,
      middleware: [shortlistToolSelectorMiddleware(picker)],
    });
    server.script(() => ({
      status: 500,
      body: { error: { message: 'boom', type: 'server_error' } },
    }));
    await expect(
      agent.invoke({ messages: [{ role: 'user', content: 'weather in Oslo' }] }),
    ).rejects.toMatchObject({ cause: { status: 500 } }); // LangChain wraps it in MiddlewareError
    expect(server.requests).toHaveLength(1);
  });

  it('rejects what it cannot work with, with a typed error', async () => {
    const { picker } = await sampleCatalogue();
    expect(() => shortlistToolSelectorMiddleware(pipe(bm25()) as never)).toThrow(
      InvalidArgumentError,
    );
    expect(() => shortlistToolSelectorMiddleware(undefined as never)).toThrow(
      /needs an indexed picker/,
    );
    expect(() => shortlistToolSelectorMiddleware(picker, { limit: 0 })).toThrow(/options\.limit/);
    expect(() => shortlistToolSelectorMiddleware(picker, { maxConversations: 1.5 })).toThrow(
      /maxConversations/,
    );
  });
});

export type { Executed };
