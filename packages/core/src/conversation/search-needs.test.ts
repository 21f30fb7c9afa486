import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { pipe } from '../pipeline/pipe.js';
import type { Pick, Selection } from '../pipeline/selection.js';
import { lengthPacker, overlapRanker, recordingLearner, testFusion } from '../test-plugins.js';
import type { Tool } from '../tools/tool.js';
import { checkNeeds, MAX_NEEDS, mergeNeeds, searchNeeds } from './search-needs.js';
import { toolSession } from './tool-session.js';

const catalogue = [
  { name: 'post_message', description: 'post a chat message to a channel' },
  { name: 'send_email', description: 'send an email message' },
  { name: 'create_issue', description: 'create an issue in the tracker' },
  { name: 'close_issue', description: 'close an issue in the tracker' },
  { name: 'list_files', description: 'list files in a folder' },
  { name: 'read_file', description: 'read a file' },
];

/** A selection of the named tools, best first, each costing `tokens[name]`. */
function selection(names: readonly string[], tokens: Record<string, number>): Selection {
  const picks: Pick[] = names.map((name, i) => ({
    name,
    tool: { name, description: name, inputSchema: {}, original: name } as Tool,
    rank: i + 1,
    score: 1 / (i + 1),
    sources: {},
    tokens: tokens[name]!,
  }));
  return {
    query: names.join(' '),
    tools: picks.map((pick) => pick.tool),
    originals: picks.map((pick) => pick.tool.original),
    picks,
    totalTokens: picks.reduce((sum, pick) => sum + pick.tokens!, 0),
    dropped: [],
  };
}

describe('mergeNeeds', () => {
  it('lists a tool two needs found once, attributed to both, and keeps each need best first', () => {
    const tokens = { a: 10, b: 10, c: 10, d: 10 };
    const merged = mergeNeeds(
      ['first need', 'second need'],
      [selection(['a', 'b', 'c'], tokens), selection(['d', 'b'], tokens)],
      1000,
    );
    expect(merged.picks.map((pick) => [pick.name, pick.needs])).toEqual([
      ['a', [0]],
      ['d', [1]],
      ['b', [0, 1]],
      ['c', [0]],
    ]);
    expect(merged.picks.map((pick) => pick.rank)).toEqual([1, 2, 3, 4]);
    expect(merged.totalTokens).toBe(40);
  });

  it('gives each need its share, so one need with large tools cannot crowd out the others', () => {
    const tokens = { big1: 300, big2: 300, big3: 300, s1: 50, s2: 50, s3: 50, s4: 50 };
    const merged = mergeNeeds(
      ['big', 'small'],
      [selection(['big1', 'big2', 'big3'], tokens), selection(['s1', 's2', 's3', 's4'], tokens)],
      1000,
    );
    // Alone in line, big2 and big3 (900 tokens after big1) would leave the small need one tool.
    expect(merged.picks.map((pick) => pick.name)).toEqual(['big1', 's1', 's2', 's3', 's4', 'big2']);
    expect(merged.totalTokens).toBe(800);
  });

  it("property: within budget, no duplicates, and every need's first pick when the first picks fit", () => {
    const names = ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 10, maxLength: 10 }),
        fc.array(fc.shuffledSubarray(names, { minLength: 0, maxLength: 6 }), {
          minLength: 1,
          maxLength: MAX_NEEDS,
        }),
        fc.integer({ min: 1, max: 3000 }),
        (costs, lists, budget) => {
          const tokens = Object.fromEntries(names.map((name, i) => [name, costs[i]!]));
          const merged = mergeNeeds(
            lists.map((_, i) => `need ${i}`),
            lists.map((list) => selection(list, tokens)),
            budget,
          );
          const kept = merged.picks.map((pick) => pick.name);
          expect(new Set(kept).size).toBe(kept.length);
          const total = kept.reduce((sum, name) => sum + tokens[name]!, 0);
          expect(merged.totalTokens ?? 0).toBe(total);
          expect(total).toBeLessThanOrEqual(budget);
          for (const pick of merged.picks) {
            for (const need of pick.needs) expect(lists[need]).toContain(pick.name);
            lists.forEach((list, need) => {
              if (list.includes(pick.name)) expect(pick.needs).toContain(need);
            });
          }
          const firsts = [...new Set(lists.map((list) => list[0]).filter((name) => name))];
          if (firsts.reduce((sum, name) => sum + tokens[name!]!, 0) <= budget) {
            for (const first of firsts) expect(kept).toContain(first);
          }
        },
      ),
    );
  });
});

describe('searchNeeds', () => {
  it("answers several needs in one result under the picker's budget", async () => {
    const picker = await pipe(overlapRanker()).pack(lengthPacker(1000)).index(catalogue);
    expect(picker.maxTokens).toBe(1000);
    const found = await searchNeeds(picker, ['send an email', 'close an issue', 'read a file'], {
      limit: 1,
    });
    expect(found.picks.map((pick) => [pick.name, pick.needs])).toEqual([
      ['send_email', [0]],
      ['close_issue', [1]],
      ['read_file', [2]],
    ]);
    expect(found.tools.map((tool) => tool.name)).toEqual([
      'send_email',
      'close_issue',
      'read_file',
    ]);
    const tight = await searchNeeds(picker, ['send an email', 'close an issue'], { maxTokens: 30 });
    expect(tight.totalTokens).toBeLessThanOrEqual(30);
    expect(tight.picks.map((pick) => pick.name)).toEqual(['send_email']);
  });

  it.each([
    [[], /must hold 1 to 16 needs, got 0/],
    [Array.from({ length: 17 }, () => 'x'), /must hold 1 to 16 needs, got 17/],
    [['ok', '  '], /\[1\] must be a non-empty string/],
    ['one need', /must be an array of 1 to 16 strings/],
  ])('refuses %j with a typed error', async (needs, message) => {
    const picker = await pipe(overlapRanker()).index(catalogue);
    const attempt = searchNeeds(picker, needs as string[]);
    await expect(attempt).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(attempt).rejects.toThrow(message);
    expect(() => checkNeeds(needs, 'tool(queries)')).toThrow(/^tool\(queries\)/);
  });
});

describe('toolSession.searchNeeds', () => {
  it('offers what it found, and a call teaches the need that found the tool (and the request)', async () => {
    const taught: { query: string; tool: string }[] = [];
    const picker = await pipe(overlapRanker(), recordingLearner(taught))
      .fuse(testFusion)
      .index(catalogue);
    const session = toolSession(picker, { limit: 1 });
    const found = await session.searchNeeds(['post a chat message', 'list files in a folder'], {
      request: 'tell the team what is in the folder',
    });
    expect(found.picks.map((pick) => pick.name)).toEqual(['post_message', 'list_files']);
    expect(session.offered).toEqual(['post_message', 'list_files']);
    await session.called(['list_files']);
    expect(taught).toEqual([
      { query: 'list files in a folder', tool: 'list_files' },
      { query: 'tell the team what is in the folder', tool: 'list_files' },
    ]);
  });
});
