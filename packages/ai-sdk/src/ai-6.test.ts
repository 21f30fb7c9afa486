import { PluginError } from '@shortlist/core';
import { generateText, jsonSchema, type ToolSet, tool } from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { describe, expect, it, vi } from 'vitest';
import { shortlist } from './shortlist.js';

// What npm installs on Node 20: ai 6 (ai 7 needs Node ≥ 22). The adapter's own imports of 'ai'
// resolve to the real ai 6's exports here, as they would in such a project. A real namespace
// reads a name it lacks as undefined, where vitest's mock would throw: toolSearch, which ai 6
// lacks (asserted below), is set to undefined to read the same.
vi.mock('ai', async () => ({ ...(await import('ai-v6')), toolSearch: undefined }));
/** The adapter is typed against ai 7 in this workspace; under ai 6 a user's types are ai 6's. */
const asAi7 = <T>(value: unknown) => value as T;

const input = jsonSchema({ type: 'object', properties: { text: { type: 'string' } } });
const tools: ToolSet = {
  chat_post_message: tool({
    description: 'Post a message to a team chat channel',
    inputSchema: input,
    execute: async () => ({ posted: true }),
  }),
  weather_forecast: tool({
    description: 'Weather forecast for a city',
    inputSchema: input,
    execute: async () => ({ sunny: true }),
  }),
  calendar_create_event: tool({
    description: 'Create a calendar event',
    inputSchema: input,
    execute: async () => ({ created: true }),
  }),
};

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe('under ai 6', () => {
  it('prepareStep offers only the tools that fit, and generateText runs', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'Posted.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
    });
    const picks = await shortlist(asAi7<Parameters<typeof shortlist>[0]>(tools), { limit: 1 });
    const result = await generateText({
      model,
      tools,
      prepareStep: asAi7<Parameters<typeof generateText>[0]['prepareStep']>(picks.prepareStep),
      prompt: 'post a message to the team chat channel',
    });
    expect(result.text).toBe('Posted.');
    const sent = model.doGenerateCalls[0]!.tools?.map((offered) => offered.name);
    expect(sent).toEqual(['chat_post_message']);
  });

  it('withToolSearch() is a PluginError that names ai 7, not a crash at import', async () => {
    expect('toolSearch' in (await vi.importActual<object>('ai-v6'))).toBe(false);
    const picks = await shortlist(asAi7<Parameters<typeof shortlist>[0]>(tools));
    expect(() => picks.withToolSearch()).toThrow(PluginError);
    expect(() => picks.withToolSearch()).toThrow(/ai 7 added.*Use prepareStep/);
  });
});
