import { InvalidArgumentError, type Tool } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { bm25 } from './bm25.js';
import { tool } from './test-catalogue.js';

const catalogue: Tool[] = [
  tool('hris_list_employees', 'List every employee in the HR system, with their department.', {
    department: { type: 'string', description: 'Only employees of this department' },
  }),
  tool('calendar_create_event', 'Create a calendar event and invite attendees by email.', {
    attendees: { type: 'array', items: { type: 'string' }, description: 'Email addresses' },
    start: { type: 'string', description: 'Start time, ISO 8601' },
  }),
  tool('mail_send_message', 'Send an email message to one or more recipients.', {
    to: { type: 'string', description: 'Recipient address' },
    priority: { type: 'string', enum: ['low', 'normal', 'urgent'] },
  }),
  tool('weather_get_forecast', 'Get the weather forecast for a city for the next days.', {
    city: { type: 'string' },
  }),
];

describe('bm25', () => {
  it('ranks the tool whose words match the query first', async () => {
    const index = await bm25().doIndex(catalogue);
    expect((await index.doRank('weather forecast for Paris', { limit: 3 }))[0]?.name).toBe(
      'weather_get_forecast',
    );
    expect(
      (await index.doRank('list the employees of the sales department', { limit: 3 }))[0]?.name,
    ).toBe('hris_list_employees');
    expect((await index.doRank('urgent', { limit: 3 }))[0]?.name).toBe('mail_send_message');
  });

  it('returns finite, non-increasing scores within the limit, ties in name order', async () => {
    const twins = ['b_tool', 'a_tool', 'c_tool'].map((name) => tool(name, 'export the report'));
    const index = await bm25().doIndex([...catalogue, ...twins]);
    const ranking = await index.doRank('send the report by email', { limit: 10 });
    expect(ranking.length).toBeLessThanOrEqual(10);
    for (const [i, entry] of ranking.entries()) {
      expect(Number.isFinite(entry.score)).toBe(true);
      if (i > 0) expect(entry.score).toBeLessThanOrEqual(ranking[i - 1]!.score);
    }
    const tied = ranking.filter((entry) => entry.name.endsWith('_tool')).map((e) => e.name);
    expect(tied).toEqual(['a_tool', 'b_tool', 'c_tool']);
    expect(await index.doRank('send the report by email', { limit: 2 })).toEqual(
      ranking.slice(0, 2),
    );
  });

  it('gives an empty ranking for an empty query, an empty catalogue or a zero limit', async () => {
    const index = await bm25().doIndex(catalogue);
    expect(await index.doRank('', { limit: 5 })).toEqual([]);
    expect(await index.doRank('   ', { limit: 5 })).toEqual([]);
    expect(await index.doRank('zzzunknownword', { limit: 5 })).toEqual([]);
    expect(await index.doRank('weather', { limit: 0 })).toEqual([]);
    const empty = await bm25().doIndex([]);
    expect(empty.size).toBe(0);
    expect(await empty.doRank('weather', { limit: 5 })).toEqual([]);
  });

  it('rejects once the signal is aborted', async () => {
    const aborted = AbortSignal.abort();
    await expect(bm25().doIndex(catalogue, { signal: aborted })).rejects.toBe(aborted.reason);
    const index = await bm25().doIndex(catalogue);
    await expect(index.doRank('weather', { limit: 5, signal: aborted })).rejects.toBe(
      aborted.reason,
    );
    await expect(index.doRemove!(['mail_send_message'], { signal: aborted })).rejects.toBe(
      aborted.reason,
    );
    expect(index.size).toBe(catalogue.length);
  });

  it('weights fields: a name match outranks a description match unless names weigh nothing', async () => {
    const tools = [
      tool('invoice_create', 'Make a new bill for a customer.'),
      tool('billing_helper', 'Helps with anything about an invoice.'),
    ];
    const byDefault = await bm25().doIndex(tools);
    expect((await byDefault.doRank('invoice', { limit: 2 }))[0]?.name).toBe('invoice_create');
    const descriptionOnly = await bm25({ fieldWeights: { name: 0 } }).doIndex(tools);
    expect((await descriptionOnly.doRank('invoice', { limit: 2 })).map((e) => e.name)).toEqual([
      'billing_helper',
    ]);
  });

  it('uses the stopwords and tokenizer it is given', async () => {
    const tools = [tool('a', 'the quick fox'), tool('b', 'a slow dog')];
    const keepAll = await bm25({ stopwords: false }).doIndex(tools);
    expect((await keepAll.doRank('the', { limit: 2 })).map((e) => e.name)).toEqual(['a']);
    const byDefault = await bm25().doIndex(tools);
    expect(await byDefault.doRank('the', { limit: 2 })).toEqual([]);
    const letters = await bm25({ tokenizer: (text) => text.split('') }).doIndex(tools);
    expect((await letters.doRank('q', { limit: 2 })).map((e) => e.name)).toEqual(['a']);
  });

  it('does not mutate the tools it indexes', async () => {
    const tools = structuredClone(catalogue);
    const index = await bm25().doIndex(tools);
    await index.doRank('email', { limit: 3 });
    expect(tools).toEqual(catalogue);
  });

  it('refuses bad options and bad calls with InvalidArgumentError', async () => {
    const bad = [
      { k1: 0 },
      { k1: Number.NaN },
      { b: 1.5 },
      { b: -0.1 },
      { id: '' },
      { fieldWeights: { nmae: 2 } },
      { fieldWeights: { name: -1 } },
      { fieldWeights: { name: Number.POSITIVE_INFINITY } },
      {
        fieldWeights: {
          name: 0,
          title: 0,
          description: 0,
          parameterNames: 0,
          parameterDescriptions: 0,
          enumValues: 0,
          tags: 0,
        },
      },
      { tokenizer: 'whitespace' },
    ];
    for (const options of bad) {
      expect(() => bm25(options as never), JSON.stringify(options)).toThrow(InvalidArgumentError);
    }
    const index = await bm25().doIndex(catalogue);
    await expect(index.doRank('x', { limit: Number.NaN })).rejects.toThrow(InvalidArgumentError);
    await expect(index.doRank(42 as never, { limit: 5 })).rejects.toThrow(InvalidArgumentError);
    await expect(bm25().doIndex([catalogue[0]!, catalogue[0]!])).rejects.toThrow(/already indexed/);
  });

  it('implements ranker spec v1 under the id it is given', () => {
    expect(bm25()).toMatchObject({ specificationVersion: 'v1', id: 'bm25' });
    expect(bm25({ id: 'names' }).id).toBe('names');
  });
});
