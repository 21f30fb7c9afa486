import { sampleQueries, sampleTools } from '@shortlist/conformance';
import { memoryExampleStore } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';

const names = async (
  picker: Awaited<ReturnType<ReturnType<typeof lexical>['index']>>,
  query: string,
) => (await picker.select(query, { limit: 5 })).picks.map((pick) => pick.name);

describe('lexical({ examples })', () => {
  it('picks exactly as lexical({ examples: false }) while its store is empty, and learns by default', async () => {
    const plain = await lexical({ examples: false }).index(sampleTools);
    expect(plain.learns).toBe(false);
    expect((await lexical().index(sampleTools)).learns).toBe(true);
    const learning = await lexical({ examples: memoryExampleStore() }).index(sampleTools);
    for (const query of sampleQueries)
      expect(await names(learning, query)).toEqual(await names(plain, query));
  });

  it('learns a request that shares no word with its tool, and the tool comes first', async () => {
    const picker = await lexical({ examples: memoryExampleStore() }).index(sampleTools);
    const request = 'heads up everyone, prod is on fire';
    expect((await names(picker, request))[0]).not.toBe('post_chat_message');
    await picker.learn([{ query: 'prod is on fire, tell everyone', tool: 'post_chat_message' }]);
    expect((await names(picker, request))[0]).toBe('post_chat_message');
  });

  it('keeps a tool the request names in full first, whatever the examples taught', async () => {
    const picker = await lexical({ examples: memoryExampleStore() }).index(sampleTools);
    const taught = Array.from({ length: 5 }, (_, i) => ({
      query: `use search_email to find the invoice mail ${i}`,
      tool: 'create_invoice',
    }));
    await picker.learn(taught);
    // Without the name, the same words now go to what the examples taught.
    expect((await names(picker, 'find the invoice mail'))[0]).toBe('create_invoice');
    expect((await names(picker, 'use search_email to find the invoice mail'))[0]).toBe(
      'search_email',
    );
  });
});

describe('lexical() learns that a request has no tool', () => {
  it('abstains on a request, and on one in other words, once every offered tool was refused', async () => {
    const picker = await lexical().index(sampleTools);
    const request = 'book me a table for two at an italian place tonight';
    const offered = await names(picker, request);
    expect(offered.length).toBeGreaterThan(0);
    await picker.learn(offered.map((tool) => ({ query: request, tool, helpful: false })));
    for (const asked of [request, 'book a table for two at an italian place']) {
      const again = await picker.select(asked, { limit: 5 });
      expect(again.picks, asked).toEqual([]);
      expect(again.abstained, asked).toMatch(/marked unhelpful/);
      // The caller can still ask for the picks.
      expect((await picker.select(asked, { abstain: 'never' })).picks.length).toBeGreaterThan(0);
    }
    // Other requests are answered as before.
    const other = sampleQueries.find((query) => !query.includes('table'))!;
    expect((await picker.select(other, { limit: 5 })).abstained).toBeUndefined();
  });
});
