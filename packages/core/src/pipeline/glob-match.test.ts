import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob } from './glob-match.js';

/** The documented semantics, as the backtracking RegExp scopes used to compile to. */
const reference = (glob: string) =>
  new RegExp(
    `^${[...glob]
      .map((char) =>
        char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.|+()[\]{}/-]/g, '\\$&'),
      )
      .join('')}$`,
    'su',
  );

describe('compileGlob', () => {
  it('keeps the scope semantics: * any run, ? one character, the rest literal', () => {
    const cases: [string, string, boolean][] = [
      ['github__*', 'github__create_issue', true],
      ['github__*', 'jira__create_issue', false],
      ['*_list_employees', 'hr_list_employees', true],
      ['*_09?', 'jira__tool_095', true],
      ['*_09?', 'jira__tool_0955', false],
      ['a*b*c', 'abc', true],
      ['a*b*c', 'aXbYc', true],
      ['a*b*c', 'acb', false],
      ['a*a', 'a', false],
      ['??', '😀x', true],
      ['?', '😀', true],
      ['github.*', 'githubX', false],
      ['*', '', true],
      ['*x*', 'line\nx\n', true],
      ['?*?*?*?*#', 'a'.repeat(40), false],
      ['?*?*?*?*#', `${'a'.repeat(39)}#`, true],
    ];
    for (const [glob, name, expected] of cases) {
      expect(compileGlob(glob)(name), `${glob} on ${JSON.stringify(name)}`).toBe(expected);
      expect(reference(glob).test(name)).toBe(expected);
    }
  });

  it('agrees with the RegExp semantics on any glob and name', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '*', '?', '.', '😀', '\n') });
    fc.assert(
      fc.property(text, text, (glob, name) => {
        expect(compileGlob(glob)(name)).toBe(reference(glob).test(name));
      }),
      { numRuns: 2_000 },
    );
  });
});
