import { describeRanker } from '@shortlist/conformance';
import { CorruptDataError, InvalidArgumentError, pipe, toTools } from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';
import { lexicalFusion, lexicalRankers } from './lexical-fusion.js';
import { openingMatch } from './opening-match.js';
import { descriptionOpening, requestOpening } from './opening-words.js';

describeRanker('openingMatch', { create: () => openingMatch() });

const tools = toTools([
  { name: 'calendar_create_event', description: 'Schedule a meeting or event on a calendar.' },
  { name: 'chat_schedule_message', description: 'Schedule a chat message to be posted later.' },
  { name: 'oncall_get_schedule', description: 'Show who is on call now and next for a team.' },
  { name: 'create_pull_request', description: 'Create a new pull request in a repository' },
  { name: 'get_report', description: 'Retrieve information about a report' },
  { name: 'get_invoice', description: 'Retrieve information about an invoice' },
  { name: 'no_description', description: '' },
]);

const ranked = async (query: string, only?: Set<string>) => {
  const index = await openingMatch().doIndex(tools);
  return index.doRank(query, { limit: 5, ...(only ? { only } : {}) });
};

describe('openingMatch()', () => {
  it('ranks the one tool whose description opens with the request verb and object', async () => {
    expect(await ranked('schedule a meeting with Priya next Tuesday')).toEqual([
      { name: 'calendar_create_event', score: 1 },
    ]);
    expect(await ranked('please schedule a chat message for 9am')).toEqual([
      { name: 'chat_schedule_message', score: 1 },
    ]);
  });

  it('folds action verbs and a repeated verb, as the name signal does', async () => {
    expect(requestOpening('make a new pull request')).toBe('create pull');
    expect(descriptionOpening('Create a new pull request in a repository')).toBe('create pull');
    expect((await ranked('open a pull request for my branch'))[0]?.name).toBe(
      'create_pull_request',
    );
  });

  it('ranks nothing for an opening several tools share, or none has', async () => {
    expect(await ranked('retrieve information about the Q3 report')).toEqual([]);
    expect(await ranked('schedule the rota')).toEqual([]);
    expect(await ranked('')).toEqual([]);
  });

  it('gives no opening to a request that does not open with a plain word', () => {
    for (const query of ['I want to schedule a meeting', 'who is on call', '42 meetings', '']) {
      expect(requestOpening(query), query).toBeUndefined();
    }
    expect(requestOpening('schedule')).toBeUndefined();
    expect(descriptionOpening(undefined)).toBeUndefined();
    expect(descriptionOpening('Schedule. A meeting')).toBeUndefined();
  });

  it('keeps to the tools `only` allows and to the limit', async () => {
    const query = 'schedule a meeting tomorrow';
    expect(await ranked(query, new Set(['oncall_get_schedule']))).toEqual([]);
    const index = await openingMatch().doIndex(tools);
    expect(index.doRank(query, { limit: 0 })).toEqual([]);
  });

  it('rejects bad options and calls with InvalidArgumentError', async () => {
    expect(() => openingMatch(null as never)).toThrow(InvalidArgumentError);
    expect(() => openingMatch({ id: ' ' })).toThrow(/id must be a non-empty string/);
    const index = await openingMatch().doIndex(tools);
    expect(() => index.doRank(5 as never, { limit: 1 })).toThrow(InvalidArgumentError);
  });

  it('decides between close tools in lexical(), where the name says "schedule" too', async () => {
    const picker = await lexical({ maxTokens: false }).index(tools);
    const { picks } = await picker.select('schedule a meeting with Priya and Tom next Tuesday', {
      limit: 3,
    });
    expect(picks[0]?.name).toBe('calendar_create_event');
    expect(picks[0]?.sources.opening).toBeDefined();
    const rankers = lexicalRankers().filter((ranker) => ranker.id !== 'opening');
    const without = await pipe(...rankers)
      .fuse(lexicalFusion())
      .index(tools);
    const before = await without.select('schedule a meeting with Priya and Tom next Tuesday', {
      limit: 3,
    });
    expect(before.picks[0]?.name).not.toBe('calendar_create_event');
  });
});

describe('openingMatch snapshots', () => {
  const queries = [
    'schedule a meeting with Priya next Tuesday',
    'please schedule a chat message for 9am',
    'open a pull request for my branch',
    'retrieve information about the Q3 report',
    'show who is on call',
  ];

  it('restores to the rankings of a fresh index, in any tool order', async () => {
    const fresh = await openingMatch().doIndex(tools);
    const restored = await openingMatch().doRestore!(fresh.doSnapshot!(), [...tools].reverse());
    for (const query of queries) {
      expect(restored.doRank(query, { limit: 5 }), query).toEqual(
        fresh.doRank(query, { limit: 5 }),
      );
    }
    expect(restored.doRank(queries[0]!, { limit: 5 })).toEqual([
      { name: 'calendar_create_event', score: 1 },
    ]);
  });

  it('refuses a snapshot of another catalogue, or whose owners stray, with CorruptDataError', async () => {
    const index = await openingMatch().doIndex(tools);
    await expect(openingMatch().doRestore!(index.doSnapshot!(), tools.slice(1))).rejects.toSatisfy(
      CorruptDataError.isInstance,
    );
    const content = decodeSnapshot(index.doSnapshot!(), {
      kind: 'opening-match',
      formatVersion: 1,
    });
    const owners = (content.arrays[3] as Int32Array).slice();
    owners[0] = tools.length;
    const strayed = encodeSnapshot({ ...content, arrays: [...content.arrays.slice(0, 3), owners] });
    await expect(openingMatch().doRestore!(strayed, tools)).rejects.toThrow(/out of range/);
    const other = encodeSnapshot({
      ...content,
      meta: { ...(content.meta as object), fingerprint: '{}' },
    });
    await expect(openingMatch().doRestore!(other, tools)).rejects.toThrow(/another analysis/);
    const older = encodeSnapshot({ ...content, formatVersion: 0 });
    await expect(openingMatch().doRestore!(older, tools)).rejects.toSatisfy(
      CorruptDataError.isInstance,
    );
  });
});
