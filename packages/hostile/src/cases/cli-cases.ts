import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProgram } from '@shortlist/cli';
import { ordinaryTools } from '../catalogue.js';
import type { HostileCase } from '../hostile-case.js';

/** Runs `shortlist ...args` in this process; commander's own usage errors throw instead of exiting. */
async function shortlist(...args: string[]): Promise<unknown> {
  const argv = ['node', 'shortlist', ...args];
  return createProgram(argv).exitOverride().parseAsync(argv);
}

/** Item 13: issue 23's CLI findings, through `@shortlist/cli`'s `createProgram`. */
export const cliCases: HostileCase[] = [
  {
    item: 13,
    name: 'shortlist select --tools /dev/zero (endless, past the 64 MB cap)',
    wants: 'typed-error',
    run: () => shortlist('select', 'send an email', '--tools', '/dev/zero', '--json'),
  },
  {
    item: 13,
    name: 'shortlist select --base-url file:///etc/passwd',
    wants: 'typed-error',
    run: async () => {
      const directory = await mkdtemp(join(tmpdir(), 'shortlist-hostile-cli-'));
      try {
        const tools = join(directory, 'tools.json');
        await writeFile(tools, JSON.stringify(ordinaryTools));
        return await shortlist(
          'select',
          'send an email',
          '--tools',
          tools,
          '--pipeline',
          'semantic',
          '--base-url',
          'file:///etc/passwd',
          '--json',
        );
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  },
  {
    item: 13,
    name: 'shortlist select --format xml --json (flags that disagree)',
    wants: 'typed-error',
    errorSays: /--format xml and --json/,
    run: () => shortlist('select', 'send an email', '--format', 'xml', '--json'),
  },
];
