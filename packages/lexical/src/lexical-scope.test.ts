import { generateCatalogue, generateQueries } from '@shortlist/bench';
import { InvalidArgumentError, pipe, type Tool, type ToolScope } from '@shortlist/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactNames } from './exact-names.js';
import { lexical } from './lexical.js';
import { nameMatch } from './name-match.js';

/** Whether a name matches a glob the way `only` reads it: `*` any run, `?` one character. */
function globMatches(glob: string, name: string): boolean {
  const escaped = glob
    .replace(/[\\^$.|+()[\]{}/-]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 's').test(name);
}

describe('select(query, { only }) picks the full ranking’s tools within the scope, in its order', () => {
  it('for names, globs and predicates, on random catalogues', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (size, seed, limit, kind, share) => {
          const tools = generateCatalogue({ size, seed });
          const picker = await lexical({ maxTokens: false }).index(tools);
          const pick = tools[seed % tools.length]!.name;
          const [domain, , object] = pick.split('_');
          const scopes: [ToolScope, (tool: Tool) => boolean][] = [
            [
              tools
                .filter((_, i) => ((i * 2654435761 + seed) >>> 0) / 2 ** 32 < share)
                .map((tool) => tool.name),
              () => false,
            ],
            [`${domain}_*`, (tool) => globMatches(`${domain}_*`, tool.name)],
            [`*_${object}`, (tool) => globMatches(`*_${object}`, tool.name)],
            [
              (tool: Tool) => tool.description.length % 3 === 0,
              (tool) => tool.description.length % 3 === 0,
            ],
          ];
          const [only, test] = scopes[kind]!;
          const inScope = Array.isArray(only) ? (tool: Tool) => only.includes(tool.name) : test;
          for (const { query } of generateQueries(tools, { count: 2, seed })) {
            const full = (await picker.select(query, { limit: size })).picks.map((p) => p.name);
            const expected = full.filter((name) => inScope(picker.get(name)!)).slice(0, limit);
            const scoped = await picker.select(query, { limit, only });
            expect(scoped.picks.map((p) => p.name)).toEqual(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('rejects with the caller’s fault when a scope predicate throws inside a ranker', async () => {
    const tools = generateCatalogue({ size: 300, seed: 4 });
    const picker = await lexical().index(tools);
    const only = (tool: Tool) => {
      if (tool.name.length % 2 === 0) throw new Error('directory offline');
      return true;
    };
    const { query } = generateQueries(tools, { count: 1, seed: 4 })[0]!;
    const rejected = picker.select(query, { limit: 5, only });
    await expect(rejected).rejects.toThrow(InvalidArgumentError);
    await expect(rejected).rejects.toThrow(/scope predicate threw .*directory offline/);
  });

  it('nameMatch() and exactNames() rank within the scope themselves, with the same result', async () => {
    const tools = generateCatalogue({ size: 400, seed: 9 });
    for (const ranker of [nameMatch(), exactNames()]) {
      const picker = await pipe(ranker).index(tools);
      for (const { query } of generateQueries(tools, { count: 20, seed: 9 })) {
        const withName = `${query} use ${tools[7]!.name}`;
        const full = (await picker.select(withName, { limit: 400 })).picks.map((p) => p.name);
        const only = (name: string) => name.charCodeAt(0) % 2 === 0 || name === tools[7]!.name;
        const scoped = await picker.select(withName, { limit: 5, only: (tool) => only(tool.name) });
        expect(scoped.picks.map((p) => p.name)).toEqual(full.filter(only).slice(0, 5));
      }
    }
  });

  it('packs within the scope too, and reads the same tools as a full select', async () => {
    const tools = generateCatalogue({ size: 500, seed: 3 });
    const picker = await lexical().index(tools);
    const domain = tools[0]!.name.split('_')[0]!;
    const selection = await picker.select('list the records', { limit: 5, only: `${domain}_*` });
    expect(selection.picks.length).toBeGreaterThan(0);
    for (const pick of selection.picks) expect(pick.name.startsWith(`${domain}_`)).toBe(true);
  });

  it('rejects a scope of another kind with a typed error', async () => {
    const picker = await lexical().index(generateCatalogue({ size: 20, seed: 1 }));
    for (const only of [42, null, '', [1], {}]) {
      await expect(picker.select('records', { only: only as never })).rejects.toThrow(
        InvalidArgumentError,
      );
    }
  });
});
