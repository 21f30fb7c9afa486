import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStore } from '@shortlist/core/node';
import type { HostileCase } from '../hostile-case.js';

/** Runs `use` in a fresh temporary directory, removed after. */
async function inTemporary<T>(use: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'shortlist-hostile-'));
  try {
    return await use(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Items 7 and 10: two writers on one cache file, a stale lock, a directory as the path. */
export const storeCases: HostileCase[] = [
  {
    item: 7,
    name: 'a second fileStore on a file another store is writing',
    wants: 'typed-error',
    run: () =>
      inTemporary(async (directory) => {
        const path = join(directory, 'cache.bin');
        const first = fileStore(path);
        await first.setMany([['a', Float32Array.of(1)]]);
        try {
          return await fileStore(path).setMany([['b', Float32Array.of(2)]]);
        } finally {
          await first.close();
        }
      }),
  },
  {
    item: 7,
    name: 'a fileStore on a file another running process holds',
    wants: 'typed-error',
    run: () =>
      inTemporary(async (directory) => {
        const path = join(directory, 'cache.bin');
        const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
          stdio: 'ignore',
        });
        await new Promise((resolve) => child.once('spawn', resolve));
        try {
          await writeFile(`${path}.lock`, `${child.pid}\n${hostname()}\n`);
          return await fileStore(path).getMany(['a']);
        } finally {
          child.kill();
        }
      }),
  },
  {
    item: 7,
    name: 'a lock left by a process that is gone is taken over, entries kept',
    wants: 'answer',
    run: () =>
      inTemporary(async (directory) => {
        const path = join(directory, 'cache.bin');
        const writer = fileStore(path);
        await writer.setMany([['a', Float32Array.of(1)]]);
        await writer.close();
        await writeFile(`${path}.lock`, `2147483646\n${hostname()}\n`);
        const reader = fileStore(path);
        const found = await reader.getMany(['a']);
        await reader.close();
        return found;
      }),
    check: (answer) =>
      (answer as (Float32Array | undefined)[])[0]?.[0] === 1 ? undefined : 'the entry was lost',
  },
  {
    item: 10,
    name: 'fileStore() pointed at a directory',
    wants: 'typed-error',
    run: () => inTemporary((directory) => fileStore(directory).getMany(['a'])),
  },
];
