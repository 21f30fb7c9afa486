import { describeRanker } from '@shortlist/conformance';
import {
  CorruptDataError,
  InvalidArgumentError,
  type Picker,
  pipe,
  toTools,
} from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot } from '@shortlist/core/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactNames } from './exact-names.js';
import { foldSpelling } from './exact-spellings.js';
import { lexical } from './lexical.js';
import { nameMatch } from './name-match.js';

describeRanker('exactNames', {
  create: () => exactNames(),
  queries: ['use send_email now', 'call `search` with a query', 'page the on-call'],
});

/** A GitHub-like catalogue where other tools share most words with the one named. */
const github = [
  {
    name: 'list_secret_scanning_alerts',
    description: 'List secret scanning alerts of a repository',
  },
  {
    name: 'get_secret_scanning_alert',
    description:
      'Get one secret scanning alert by number, with its details and the secret scanning alert state',
  },
  { name: 'get_file_contents', description: 'Get the contents of a file or directory' },
  { name: 'read_file', description: 'Read a file such as the README of a repository' },
  { name: 'get_file', description: 'Get a file' },
  { name: 'search', description: 'Search code, issues and users' },
  { name: 'calculate_BMI', description: 'Body mass index from weight and height' },
  { name: 'calculate_bmi', description: 'Body mass index from weight and height' },
  { name: 'mcp_create_issue', title: 'Create Issue', description: 'Open an issue in a repository' },
];

const first = async (picker: Picker, query: string) =>
  (await picker.select(query, { limit: 5 })).picks.map((pick) => pick.name);

describe('a request that contains a tool’s full name ranks it first', () => {
  for (const [label, build] of [
    ['lexical()', () => lexical().index(github)],
    ['nameMatch() alone', () => pipe(nameMatch()).index(github)],
  ] as const) {
    it(`in ${label}`, async () => {
      const picker = await build();
      expect((await first(picker, 'call list_secret_scanning_alerts'))[0]).toBe(
        'list_secret_scanning_alerts',
      );
      // get_file is contained too; the longest name contained wins.
      const readme = await first(picker, 'use get_file_contents to read the README');
      expect(readme.slice(0, 2)).toEqual(['get_file_contents', 'get_file']);
      // Same letters, other case: the request's own case wins.
      expect((await first(picker, 'use calculate_bmi'))[0]).toBe('calculate_bmi');
      expect((await first(picker, 'use calculate_BMI'))[0]).toBe('calculate_BMI');
      // An MCP title, spelled in any case.
      expect((await first(picker, 'please create issue about the crash'))[0]).toBe(
        'mcp_create_issue',
      );
    });
  }

  it('counts a plain one-word name only where the request uses it as a name', async () => {
    const exact = await pipe(exactNames()).index(github);
    const named = async (query: string) =>
      (await exact.rankings(query, { limit: 5 }))[0]!.ranking.map((entry) => entry.name);
    expect(await named('search for the secret scanning alert')).toEqual([]);
    // Word boundaries: "get_files" does not contain get_file, "get_file_contents" does.
    expect(await named('get_files of the repository')).toEqual([]);
    expect(await named('get_file_contents')).toEqual(['get_file_contents', 'get_file']);
    expect(await named('use search to find it')).toEqual(['search']);
    expect(await named('run `search` for me')).toEqual(['search']);
    expect(await named('call search with "README"')).toEqual(['search']);
    expect(await named('try "search"')).toEqual(['search']);
  });

  it('scores by the longest spelling found, and keeps up with add and remove', async () => {
    const exact = await pipe(exactNames()).index(github);
    const ranked = async (query: string) => (await exact.rankings(query, { limit: 5 }))[0]!.ranking;
    expect(await ranked('use get_file_contents')).toEqual([
      { name: 'get_file_contents', score: 17.5 },
      { name: 'get_file', score: 8.5 },
    ]);
    await exact.add([{ name: 'get_file_contents_v2', description: 'Newer' }]);
    expect((await ranked('use get_file_contents_v2'))[0]!.name).toBe('get_file_contents_v2');
    await exact.remove(['get_file_contents_v2', 'get_file']);
    expect(await ranked('use get_file_contents_v2 or get_file')).toEqual([
      { name: 'get_file_contents', score: 17.5 },
    ]);
    expect(await ranked('use get_file_contents')).toEqual([
      { name: 'get_file_contents', score: 17.5 },
    ]);
  });

  it('rejects bad options with typed errors', () => {
    expect(() => exactNames({ id: '' })).toThrow(InvalidArgumentError);
    expect(() => exactNames({ titles: 'yes' as never })).toThrow(/titles must be a boolean/);
    expect(() => nameMatch({ exactNames: 1 as never })).toThrow(/exactNames must be a boolean/);
  });

  it('nameMatch({ exactNames: false }) only spells names out', async () => {
    const picker = await pipe(nameMatch({ exactNames: false })).index(github);
    const scores = (await picker.select('use get_file_contents', { limit: 3 })).picks;
    expect(scores[0]!.name).toBe('get_file_contents');
    expect(scores[0]!.score).toBeLessThan(20);
  });
});

describe('foldSpelling', () => {
  const slow = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

  it('folds as NFKC, lower case and single spaces would, through its ASCII shortcut too', () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
    });
    const mixed = fc.string({
      unit: fc.constantFrom('a', 'Z', '_', ' ', '\t', 'ﬁ', 'Å', '١', '-', '\u00a0'),
    });
    fc.assert(fc.property(fc.oneof(ascii, mixed), (text) => foldSpelling(text) === slow(text)));
    for (const text of ['get_weather', 'Get_Weather', ' get_weather', 'send-email!', '']) {
      expect(foldSpelling(text), text).toBe(slow(text));
    }
  });
});

describe('exactNames snapshots', () => {
  const tools = toTools(github);
  const queries = [
    'call list_secret_scanning_alerts',
    'use get_file_contents to read the README',
    'use calculate_bmi',
    'use calculate_BMI',
    'please create issue about the crash',
    'search for the secret scanning alert',
    'run `search` for me',
    'get_files of the repository',
  ];
  const ranked = (index: Awaited<ReturnType<ReturnType<typeof exactNames>['doIndex']>>) =>
    queries.map((query) => index.doRank(query, { limit: 5 }));

  it('restores to the rankings of a fresh index, then keeps up with add and remove', async () => {
    for (const titles of [true, false]) {
      const fresh = await exactNames({ titles }).doIndex(tools);
      const restored = await exactNames({ titles }).doRestore!(
        fresh.doSnapshot!(),
        [...tools].reverse(),
      );
      expect(ranked(restored)).toEqual(ranked(fresh));
      expect(restored.size).toBe(fresh.size);
      // A snapshot of a restored index, never changed, restores the same.
      const again = await exactNames({ titles }).doRestore!(restored.doSnapshot!(), tools);
      expect(ranked(again)).toEqual(ranked(fresh));
      for (const index of [fresh, restored]) {
        await index.doRemove!(['get_file_contents', 'search']);
        await index.doAdd!(toTools([{ name: 'search', description: 'Search again' }]));
      }
      expect(ranked(restored)).toEqual(ranked(fresh));
      expect(restored.size).toBe(fresh.size);
      const changed = await exactNames({ titles }).doRestore!(
        restored.doSnapshot!(),
        tools.filter((tool) => tool.name !== 'get_file_contents'),
      );
      expect(ranked(changed)).toEqual(ranked(fresh));
    }
  });

  it('refuses another catalogue, other titles, or stray slots and flags with CorruptDataError', async () => {
    const index = await exactNames().doIndex(tools);
    const bytes = index.doSnapshot!();
    await expect(exactNames().doRestore!(bytes, tools.slice(1))).rejects.toSatisfy(
      CorruptDataError.isInstance,
    );
    await expect(exactNames({ titles: false }).doRestore!(bytes, tools)).rejects.toThrow(/titles/);
    const content = decodeSnapshot(bytes, { kind: 'exact-names', formatVersion: 1 });
    const rewritten = (at: number, array: Int32Array | Uint8Array) =>
      encodeSnapshot({ ...content, arrays: content.arrays.map((a, i) => (i === at ? array : a)) });
    const slots = (content.arrays[8] as Int32Array).slice();
    slots[0] = tools.length;
    const flags = (content.arrays[9] as Uint8Array).slice();
    flags[0] = 2;
    const starts = (content.arrays[5] as Int32Array).slice();
    starts[1] = starts[2]! + 1;
    for (const [damaged, why] of [
      [rewritten(8, slots), /out of range/],
      [rewritten(9, flags), /flags/],
      [rewritten(5, starts), /offsets/],
      [encodeSnapshot({ ...content, formatVersion: 0 }), /format version/],
    ] as const) {
      await expect(exactNames().doRestore!(damaged, tools)).rejects.toThrow(why);
    }
  });
});
