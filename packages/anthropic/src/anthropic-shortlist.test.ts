import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { bm25 } from '@shortlist/bm25';
import { InvalidArgumentError, type Picker, pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { describe, expect, it } from 'vitest';
import { anthropicShortlist } from './anthropic-shortlist.js';
import { anthropicTurns } from './anthropic-turns.js';
import { MAX_DEFERRED_TOOLS } from './deferred-tools.js';
import { catalogue } from './test-catalogue.js';

const index = (tools: unknown) =>
  pipe(bm25(), tfidf())
    .fuse(rrf())
    .index(tools as never) as Promise<Picker<Tool>>;
const use = (id: string, name: string, input: unknown) => ({
  type: 'tool_use',
  id,
  name,
  input,
  caller: { type: 'direct' },
});

describe('anthropicShortlist: bad input', () => {
  it('names a tool without a name or a duplicate when the catalogue is indexed', async () => {
    await expect(
      index([...catalogue, { description: 'x', input_schema: { type: 'object' } }]),
    ).rejects.toThrow(/tools\[30\] \(anthropic format\) has no name/);
    await expect(index([...catalogue, catalogue[4]])).rejects.toThrow(/both named "get_weather"/);
    await expect(index([{ name: 'broken', input_schema: 'not a schema' }])).rejects.toThrow(
      /tools\[0\] "broken": input_schema must be a JSON Schema object/,
    );
  });

  it('refuses a picker of non-Anthropic tools, naming the tool', async () => {
    const picker = await index([
      {
        type: 'function',
        function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
      },
    ]);
    expect(() => anthropicShortlist(picker)).toThrow(InvalidArgumentError);
    expect(() => anthropicShortlist(picker)).toThrow(
      /tool "get_weather" was indexed in openai-chat format/,
    );
  });

  it('refuses what is not a picker, and bad options', async () => {
    expect(() => anthropicShortlist(catalogue as never)).toThrow(/takes an indexed picker/);
    const picker = await index(catalogue);
    expect(() => anthropicShortlist(picker, { maxResults: 0 })).toThrow(/maxResults/);
    expect(() => anthropicShortlist(picker, { searchToolName: 'search tools' })).toThrow(
      /searchToolName/,
    );
    expect(() => anthropicShortlist(picker, { limit: 8, maxTools: 4 })).toThrow(/maxTools/);
  });

  it('refuses messages that are not Messages API messages', async () => {
    const shortlist = anthropicShortlist(await index(catalogue));
    await expect(shortlist.tools('hello' as never)).rejects.toThrow(/messages must be the array/);
    await expect(shortlist.tools([{ content: 'hi' }] as never)).rejects.toThrow(
      /messages\[0\] is not a message/,
    );
    await expect(shortlist.tools([{ role: 'user', content: 3 }] as never)).rejects.toThrow(
      /messages\[0\]\.content must be a string or an array/,
    );
    await expect(shortlist.answer(null as never)).rejects.toThrow(
      /answer\(reply\) takes the Message/,
    );
  });

  it('refuses a search tool name the catalogue already uses', async () => {
    const shortlist = anthropicShortlist(await index(catalogue), { searchToolName: 'web_search' });
    expect(() => shortlist.searchTools()).toThrow(/already has a tool named "web_search"/);
  });

  it(`defers at most ${MAX_DEFERRED_TOOLS} tools`, async () => {
    const many = Array.from({ length: MAX_DEFERRED_TOOLS + 1 }, (_, i) => ({
      name: `tool_${i}`,
      description: `tool number ${i}`,
      input_schema: { type: 'object' },
    }));
    const picker = (await pipe(bm25()).index(many)) as Picker<Tool>;
    const shortlist = anthropicShortlist(picker);
    expect(() => shortlist.searchTools()).toThrow(
      /at most 10000 tools, but the catalogue has 10001/,
    );
    await picker.remove(['tool_0']);
    expect(shortlist.searchTools()).toHaveLength(MAX_DEFERRED_TOOLS + 1);
  });
});

describe('anthropicShortlist: search answers', () => {
  it('answers a malformed search as a tool error the model can read, and never crashes', async () => {
    const shortlist = anthropicShortlist(await index(catalogue));
    const results = await shortlist.answer({
      content: [
        use('a', 'search_tools', { q: 1 }),
        use('b', 'search_tools', { query: 'weather', limit: 'two' }),
        use('c', 'search_tools', { queries: [] }),
        use('d', 'search_tools', { queries: ['weather', 7] }),
      ],
    });
    expect(results).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'a',
        is_error: true,
        content: expect.stringMatching(/non-empty "query"/),
      },
      {
        type: 'tool_result',
        tool_use_id: 'b',
        is_error: true,
        content: expect.stringMatching(/"limit" must be/),
      },
      {
        type: 'tool_result',
        tool_use_id: 'c',
        is_error: true,
        content:
          '"queries" must hold 1 to 16 needs, got 0; split a longer list into several searches.',
      },
      {
        type: 'tool_result',
        tool_use_id: 'd',
        is_error: true,
        content: '"queries"[1] must be a non-empty string saying what one tool should do.',
      },
    ]);
  });

  it('says so when nothing matches, and caps the results at maxResults', async () => {
    const shortlist = anthropicShortlist(await index(catalogue), { maxResults: 2 });
    const [none, capped] = await shortlist.answer([
      use('a', 'search_tools', { query: 'zzqx' }),
      use('b', 'search_tools', { query: 'weather forecast city', limit: 50 }),
    ]);
    expect(none).toEqual({
      type: 'tool_result',
      tool_use_id: 'a',
      content: [
        {
          type: 'text',
          text: 'No tool fits this request. Do not search again for it: answer without a tool, or ask the user what they need.',
        },
      ],
    });
    expect(capped!.content).toEqual([
      { type: 'tool_reference', tool_name: 'get_forecast' },
      { type: 'tool_reference', tool_name: 'get_weather' },
    ]);
  });

  it('never references a tool outside the catalogue, even after one is removed', async () => {
    const picker = await index(catalogue);
    const shortlist = anthropicShortlist(picker, { maxResults: 10 });
    await picker.remove(['get_forecast']);
    const names = new Set(picker.tools().map((tool) => tool.name));
    const queries = [
      'weather',
      'email',
      'deploy a service',
      'money',
      'github pull request',
      'file',
      'zz',
      'a',
    ];
    const results = await shortlist.answer(
      queries.map((query, i) => use(`u${i}`, 'search_tools', { query })),
    );
    const referenced = results.flatMap((result) =>
      Array.isArray(result.content)
        ? result.content.flatMap((block) =>
            block.type === 'tool_reference' ? [block.tool_name] : [],
          )
        : [],
    );
    expect(referenced.length).toBeGreaterThan(10);
    expect(referenced.filter((name) => !names.has(name))).toEqual([]);
    expect(shortlist.searchTools().map((tool) => tool.name)).not.toContain('get_forecast');
  });

  it('sends the same deferred objects every time and keeps a tool the user already deferred', async () => {
    const own = { ...catalogue[1]!, defer_loading: true };
    const shortlist = anthropicShortlist(await index([catalogue[0], own]));
    const [search, first, second] = shortlist.searchTools();
    expect(search!.name).toBe('search_tools');
    expect(second).toBe(own);
    expect(shortlist.searchTools()[1]).toBe(first);
    expect(catalogue[0]).not.toHaveProperty('defer_loading');
  });
});

describe('anthropicTurns', () => {
  it('keeps text by speaker and tool results as tool turns, and skips calls and references', () => {
    expect(
      anthropicTurns([
        { role: 'user', content: 'find the weather' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Searching', citations: null },
            use('a', 'x', {}) as never,
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'a',
              content: [{ type: 'tool_reference', tool_name: 'x' }],
            },
            { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'sunny' }] },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          ],
        },
      ]),
    ).toEqual([
      { role: 'user', text: 'find the weather' },
      { role: 'assistant', text: 'Searching' },
      { role: 'tool', text: 'sunny' },
    ]);
  });
});
