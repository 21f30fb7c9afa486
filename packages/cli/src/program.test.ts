import { describe, expect, it } from 'vitest';
import { createProgram } from './program.js';

const names = (argv?: string[]) => createProgram(argv).commands.map((command) => command.name());
const helpOf = (argv: string[] | undefined, command: string) =>
  createProgram(argv)
    .commands.find((registered) => registered.name() === command)!
    .helpInformation();

describe('createProgram', () => {
  const all = ['select', 'demo', 'eval', 'bench', 'report', 'mcp', 'abstention'];

  it('registers every command for help, the version and unknown commands', () => {
    expect(names()).toEqual(all);
    for (const args of [
      [],
      ['--help'],
      ['-V'],
      ['help', 'select'],
      ['selcet', 'x'],
      ['toString'],
    ]) {
      expect(names(['node', 'shortlist', ...args])).toEqual(all);
    }
  });

  it('registers only the command being run, defined exactly as in the full program', () => {
    for (const command of all) {
      expect(names(['node', 'shortlist', command, '--help'])).toEqual([command]);
      expect(helpOf(['node', 'shortlist', command], command)).toBe(helpOf(undefined, command));
    }
  });
});
