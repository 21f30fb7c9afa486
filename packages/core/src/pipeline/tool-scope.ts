import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Tool } from '../tools/tool.js';
import { compileGlob } from './glob-match.js';

/**
 * The tools one select may pick from: names, a glob over names (`github__*`, `*_list_employees`;
 * `*` any run of characters, `?` one), or a predicate. For platforms serving one catalogue to
 * many users, each allowed a part of it.
 */
export type ToolScope<Original = unknown> =
  | readonly string[]
  | string
  | ((tool: Tool<Original>) => boolean);

/** A test of tool names, as rankers receive it (`RankOptions.only`); a `Set` is one. */
export interface NameFilter {
  has(name: string): boolean;
}

/**
 * A glob as a name test: one server's tools (`github__*`) or one action across servers
 * (`*_list_employees`) is a plain prefix or suffix test; any other glob a matcher that never
 * backtracks (`glob-match.ts`), read for every tool a ranker scores.
 */
function globFilter(glob: string): NameFilter {
  const star = glob.indexOf('*');
  const plain = !glob.includes('?') && star === glob.lastIndexOf('*');
  if (plain && star === glob.length - 1) {
    const prefix = glob.slice(0, -1);
    return { has: (name) => name.startsWith(prefix) };
  }
  if (plain && star === 0) {
    const suffix = glob.slice(1);
    return { has: (name) => name.endsWith(suffix) };
  }
  return { has: compileGlob(glob) };
}

/**
 * A select's `only` as a name filter over the catalogue `lookUp` reads. Each test costs a set
 * lookup, a pattern match or one predicate call, and only candidates the rankers found are tested.
 */
export function scopeFilter<Original>(
  only: unknown,
  lookUp: (name: string) => Tool<Original> | undefined,
): NameFilter {
  if (typeof only === 'string') {
    if (only === '') {
      throw new InvalidArgumentError({
        argument: 'select(options.only)',
        expected: 'tool names, a glob or a predicate',
        message:
          "select(options.only) is an empty glob; pass a pattern such as 'github__*', an array of names, or (tool) => boolean",
      });
    }
    if (!only.includes('*') && !only.includes('?')) return new Set([only]);
    return globFilter(only);
  }
  if (Array.isArray(only)) {
    only.forEach((name, i) => {
      if (typeof name !== 'string') {
        throw new InvalidArgumentError({
          argument: `select(options.only[${i}])`,
          expected: 'a tool name',
          message: `select(options.only) must hold tool names (strings), got ${name === null ? 'null' : typeof name} at position ${i}`,
        });
      }
    });
    return new Set(only as string[]);
  }
  if (typeof only === 'function') {
    const allowed = only as (tool: Tool<Original>) => unknown;
    return {
      has: (name) => {
        const tool = lookUp(name);
        if (tool === undefined) return false;
        try {
          return allowed(tool) === true;
        } catch (error) {
          // Whichever ranker or fusion asked, the fault is the caller's predicate: say so.
          throw new InvalidArgumentError({
            argument: 'select(options.only)',
            expected: 'a predicate that returns true or false',
            message: `select(options.only): the scope predicate threw for tool "${name}": ${error instanceof Error ? error.message : String(error)}`,
            cause: error,
          });
        }
      },
    };
  }
  throw new InvalidArgumentError({
    argument: 'select(options.only)',
    expected: 'tool names, a glob or a predicate',
    message: `select(options.only) must be an array of tool names, a glob string such as 'github__*', or (tool) => boolean; got ${only === null ? 'null' : typeof only}`,
  });
}
