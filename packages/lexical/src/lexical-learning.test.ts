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
