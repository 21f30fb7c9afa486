import type { ExampleChange } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { addFields, decodeEntries, forgetFields } from './example-entries.js';
import { createExampleMirror } from './example-mirror.js';

const add = (id: string, query: string, tool: string, at: number) =>
  [id, addFields({ query, tool, at })] as [string, string[]];

describe('example mirror', () => {
  it('applies adds and forgets in stream order, each change told once', () => {
    const mirror = createExampleMirror({ maxExamples: 100, maxBytes: 1_000_000 });
    const heard: ExampleChange[] = [];
    const entries = decodeEntries(
      [
        add('1-0', 'wire the rent', 'pay', 1),
        add('2-0', 'book a table', 'reserve', 2),
        add('3-0', 'wire the rent', 'pay', 3), // a repeat in the same run: the first is not kept
        ['4-0', forgetFields({ tool: 'reserve' })],
        add('5-0', 'book a table', 'reserve', 5), // after the forget: kept
        add('6-0', 'wire the rent', 'pay', 6), // a repeat of one from an earlier run: dropped
      ],
      () => expect.unreachable(),
    );
    mirror.apply(entries, (change) => heard.push(change));
    expect(mirror.examples()).toEqual([
      { query: 'book a table', tool: 'reserve', at: 5 },
      { query: 'wire the rent', tool: 'pay', at: 6 },
    ]);
    expect(heard).toEqual([
      {
        type: 'added',
        examples: [
          { query: 'book a table', tool: 'reserve', at: 2 },
          { query: 'wire the rent', tool: 'pay', at: 3 },
        ],
      },
      { type: 'forgot', selector: { tool: 'reserve' } },
      { type: 'dropped', examples: [{ query: 'wire the rent', tool: 'pay', at: 3 }] },
      {
        type: 'added',
        examples: [
          { query: 'book a table', tool: 'reserve', at: 5 },
          { query: 'wire the rent', tool: 'pay', at: 6 },
        ],
      },
    ]);
    // Every entry that added a live example, repeats included, so a forget can erase them all.
    expect(mirror.matching({ query: 'WIRE the rent' })).toEqual({
      count: 1,
      ids: ['1-0', '3-0', '6-0'],
    });
  });

  it('past its bounds drops the oldest of the source holding the most, and says which entries', () => {
    const mirror = createExampleMirror({ maxExamples: 4, maxBytes: 1_000_000 });
    const from = (id: string, query: string, source: string) =>
      [id, addFields({ query, tool: 't', at: 1, source })] as [string, string[]];
    const evicted = mirror.apply(
      decodeEntries(
        [
          from('1-0', 'honest a', 'honest'),
          from('2-0', 'honest b', 'honest'),
          from('3-0', 'flood 1', 'flood'),
          from('4-0', 'flood 2', 'flood'),
          from('5-0', 'flood 3', 'flood'),
          from('6-0', 'flood 4', 'flood'),
        ],
        () => expect.unreachable(),
      ),
      () => undefined,
    );
    expect(evicted).toEqual(['3-0', '4-0']);
    expect(mirror.examples().map((example) => example.query)).toEqual([
      'honest a',
      'honest b',
      'flood 3',
      'flood 4',
    ]);
    // Bytes bound as well as count: a 20-byte bound keeps the newest that fit, fairly.
    const small = createExampleMirror({ maxExamples: 100, maxBytes: 20 });
    const dropped = small.apply(
      decodeEntries([add('1-0', 'first request', 't', 1), add('2-0', 'second', 't', 2)], () =>
        expect.unreachable(),
      ),
      () => undefined,
    );
    expect(dropped).toEqual(['1-0']);
    expect(small.examples().map((example) => example.query)).toEqual(['second']);
  });

  it('holds its byte bound through an anonymous flood onto one tool, dropping only the flood', () => {
    // 10 honest examples of 10 tools, 100 bytes; room for 300 bytes.
    const mirror = createExampleMirror({ maxExamples: 1_000, maxBytes: 300 });
    const honest = Array.from({ length: 10 }, (_, i) =>
      add(`${i + 1}-0`, `honest ${i}`, `t${i}`, 1),
    );
    const flood = Array.from({ length: 200 }, (_, i) =>
      add(`${i + 100}-0`, `flood ${i}`.padEnd(18), 'tx', 1),
    );
    const dropped: string[] = [];
    for (const batch of [honest, flood.slice(0, 100), flood.slice(100)])
      dropped.push(
        ...mirror.apply(
          decodeEntries(batch, () => expect.unreachable()),
          () => undefined,
        ),
      );
    const kept = mirror.examples();
    const bytes = kept.reduce(
      (sum, example) => sum + example.query.length + example.tool.length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(300);
    expect(kept.filter((example) => example.query.startsWith('honest'))).toHaveLength(10);
    expect(dropped.every((id) => Number.parseInt(id, 10) >= 100)).toBe(true);
  });

  it('drops what was trimmed from the stream or is past its age', () => {
    const mirror = createExampleMirror({ maxExamples: 100, maxBytes: 1_000_000 });
    mirror.apply(
      decodeEntries(
        [add('1-0', 'a', 't', 100), add('2-0', 'b', 't', 50), add('3-0', 'c', 't', 300)],
        () => undefined,
      ),
      () => undefined,
    );
    expect(mirror.trimBefore('2-0').map((example) => example.query)).toEqual(['a']);
    expect(mirror.expire(200).map((example) => example.query)).toEqual(['b']);
    expect(mirror.examples().map((example) => example.query)).toEqual(['c']);
    expect(mirror.trimBefore(undefined).map((example) => example.query)).toEqual(['c']);
  });

  it('leaves out entries that are not examples or forgets, naming them', () => {
    const skipped: string[] = [];
    const entries = decodeEntries(
      [
        ['1-0', ['op', 'add', 'query', 'q', 'tool', 't', 'helpful', '1']], // no time
        ['2-0', ['op', 'add', 'query', '', 'tool', 't', 'helpful', '1', 'at', '1']],
        ['3-0', ['op', 'add', 'query', 'q', 'tool', 't', 'helpful', 'yes', 'at', '1']],
        ['4-0', ['op', 'forget', 'selector', '{"tool":""}']],
        ['5-0', ['op', 'forget', 'selector', 'not json']],
        ['6-0', ['op', 'rename']],
        ['7-0', addFields({ query: 'q', tool: 't', helpful: false, at: 9 })],
      ],
      (id) => skipped.push(id),
    );
    expect(skipped).toEqual(['1-0', '2-0', '3-0', '4-0', '5-0', '6-0']);
    expect(entries).toEqual([
      { id: '7-0', op: 'add', example: { query: 'q', tool: 't', helpful: false, at: 9 } },
    ]);
  });
});
