import { bm25 } from '@shortlist/bm25';
import { sampleTools } from '@shortlist/conformance';
import {
  type ExampleStore,
  InvalidArgumentError,
  memoryExampleStore,
  pipe,
  type Tool,
} from '@shortlist/core';
import { MAX_EXAMPLE_QUERY_LENGTH } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { learned } from './learned.js';
import { encodeRequest } from './request-form.js';

const tools: readonly Tool[] = sampleTools;
/** A request that shares no word with the tool that serves it (post_chat_message). */
const request = 'heads up everyone, prod is on fire';

const picker = (store = memoryExampleStore()) =>
  pipe(bm25()).learn(learned({ store })).index(tools);
const first = async (p: Awaited<ReturnType<typeof picker>>, query: string) =>
  (await p.select(query, { limit: 5 })).picks[0]?.name;

describe('learned() in a pipeline', () => {
  it('ranks exactly as the base pipeline until it has examples', async () => {
    const base = await pipe(bm25()).index(tools);
    const learning = await picker();
    for (const query of ['send an email', 'weather in Lisbon', 'refund payment', request]) {
      const want = (await base.select(query, { limit: 5 })).picks.map((pick) => pick.name);
      const got = (await learning.select(query, { limit: 5 })).picks.map((pick) => pick.name);
      expect(got).toEqual(want);
    }
  });

  it('puts a tool first for requests like those it served, in words the tool never uses', async () => {
    const learning = await picker();
    expect(await first(learning, request)).not.toBe('post_chat_message');
    await learning.learn([{ query: 'prod is on fire, tell everyone', tool: 'post_chat_message' }]);
    expect(await first(learning, request)).toBe('post_chat_message');
    const selection = await learning.select(request, { limit: 5 });
    expect(selection.picks[0]!.sources.learned).toBeDefined();
  });

  it('lowers a tool for such requests after unhelpful feedback', async () => {
    const learning = await picker();
    const query = 'send an email to finance';
    expect(await first(learning, query)).toBe('send_email');
    await learning.learn([{ query, tool: 'send_email', helpful: false }]);
    expect(await first(learning, query)).not.toBe('send_email');
  });

  it('forgets by tool, by query, by a text in the query and wholly, back to the base ranking', async () => {
    const store = memoryExampleStore();
    const learning = await picker(store);
    const before = await first(learning, request);
    const teach = () =>
      learning.learn([
        { query: 'prod is on fire, tell everyone', tool: 'post_chat_message' },
        { query: 'Alice asked about prod being on fire', tool: 'post_chat_message' },
      ]);
    await teach();
    expect(await learning.forget({ queryContains: 'ALICE' })).toBe(1);
    expect(store.examples()).toHaveLength(1);
    expect(await first(learning, request)).toBe('post_chat_message');
    expect(await learning.forget({ query: '  Prod is on fire,   tell everyone ' })).toBe(1);
    expect(await first(learning, request)).toBe(before);
    await teach();
    expect(await learning.forget({ tool: 'post_chat_message' })).toBe(2);
    expect(await first(learning, request)).toBe(before);
    await teach();
    expect(await learning.forget({ all: true })).toBe(2);
    expect(store.examples()).toEqual([]);
    expect(await first(learning, request)).toBe(before);
  });

  it('refuses a bad example with a typed error and learns none of its batch', async () => {
    const store = memoryExampleStore();
    const learning = await picker(store);
    const good = { query: 'prod is on fire', tool: 'post_chat_message' };
    for (const bad of [
      { query: 'x', tool: 'no_such_tool' },
      { query: '   ', tool: 'send_email' },
      { query: 'a'.repeat(10 * 1024 * 1024), tool: 'send_email' },
      { query: 'ok', tool: 'send_email', helpful: 'no' },
      null,
    ]) {
      const error = await learning.learn([good, bad as never]).catch((e: unknown) => e);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/learn\(examples\)\[1\]/);
    }
    expect(store.examples()).toEqual([]);
    expect(MAX_EXAMPLE_QUERY_LENGTH).toBeGreaterThan(100);
  });

  it('answers a 10 MB query without learning anything from it', async () => {
    const store = memoryExampleStore();
    const learning = await picker(store);
    await learning.learn([{ query: 'prod is on fire', tool: 'post_chat_message' }]);
    const huge = `prod fire ${'word '.repeat(2 * 1024 * 1024)}`;
    const selection = await learning.select(huge, { limit: 3 });
    expect(selection.picks.length).toBeGreaterThan(0);
    expect(store.examples()).toHaveLength(1);
  });

  it('uses examples from the store it starts with, and follows tools removed and added again', async () => {
    const store = memoryExampleStore();
    await store.addExamples([
      { query: 'prod is on fire, tell everyone', tool: 'post_chat_message' },
    ]);
    const learning = await picker(store);
    expect(await first(learning, request)).toBe('post_chat_message');
    const chat = learning.get('post_chat_message')!;
    await learning.remove(['post_chat_message']);
    expect(await first(learning, request)).not.toBe('post_chat_message');
    await learning.add([chat]);
    expect(await first(learning, request)).toBe('post_chat_message');
  });

  it('hears examples another picker on the same store learnt', async () => {
    const store = memoryExampleStore();
    const [a, b] = await Promise.all([picker(store), picker(store)]);
    await a.learn([{ query: 'prod is on fire, tell everyone', tool: 'post_chat_message' }]);
    expect(await first(b, request)).toBe('post_chat_message');
    b.dispose();
    await a.learn([{ query: 'the weather at the beach', tool: 'get_weather_forecast' }]);
    expect(await first(a, 'beach weather')).toBe('get_weather_forecast');
  });

  it('says how to fix a pipeline that cannot learn, or a store that cannot serve learning', async () => {
    const plain = await pipe(bm25()).index(tools);
    expect(plain.learns).toBe(false);
    await expect(plain.learn([{ query: 'a', tool: 'send_email' }])).rejects.toThrow(
      /\.learn\(learned\(\{ store \}\)\)/,
    );
    await expect(plain.forget({ all: true })).rejects.toThrow(InvalidArgumentError);
    const sink: ExampleStore = { addExamples() {} };
    expect(() => learned({ store: sink })).toThrow(/lacks readExamples, subscribe/);
    expect(() => learned({ store: memoryExampleStore(), neighbours: 0 })).toThrow(/neighbours/);
    expect(() => learned({ store: memoryExampleStore(), minSimilarity: 2 })).toThrow(
      /minSimilarity/,
    );
    const learning = await picker();
    expect(learning.learns).toBe(true);
    await expect(learning.forget({ tool: '' } as never)).rejects.toThrow(
      /forget\(selector\)\.tool/,
    );
    await expect(learning.forget({ tool: 'a', all: true } as never)).rejects.toThrow(/exactly one/);
  });

  it('keeps learning when the store is re-read after a reset', async () => {
    const store = memoryExampleStore({ maxExamples: 2 });
    const learning = await picker(store);
    await learning.learn([
      { query: 'tell everyone prod is down', tool: 'post_chat_message' },
      { query: 'is it sunny at the beach', tool: 'get_weather_forecast' },
      { query: 'prod is on fire again', tool: 'post_chat_message' },
    ]);
    expect(store.examples().map((e) => e.query)).toEqual([
      encodeRequest('is it sunny at the beach'),
      encodeRequest('prod is on fire again'),
    ]);
    expect(await first(learning, request)).toBe('post_chat_message');
  });

  it('abstains on a request whose every offered tool was marked unhelpful, and only on it', async () => {
    const learning = await picker();
    const query = 'book me a table for two at an italian place';
    const offered = (await learning.select(query, { limit: 5 })).picks.map((pick) => pick.name);
    expect(offered.length).toBeGreaterThan(0);
    await learning.learn(offered.map((tool) => ({ query, tool, helpful: false })));
    const again = await learning.select(query, { limit: 5 });
    expect(again.picks).toEqual([]);
    expect(again.abstained).toMatch(/marked unhelpful/);
    expect((await learning.select('send an email to finance', { limit: 5 })).abstained).toBe(
      undefined,
    );
    // One helpful answer later, the request is served again.
    await learning.learn([{ query, tool: 'create_calendar_event' }]);
    expect((await learning.select(query, { limit: 5 })).picks[0]?.name).toBe(
      'create_calendar_event',
    );
  });
});
