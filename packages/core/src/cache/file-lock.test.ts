import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { fileStore } from './file-store.js';

let directory: string;
let path: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'shortlist-lock-'));
  path = join(directory, 'embeddings.bin');
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  await rm(directory, { recursive: true, force: true });
});

const refusal = async (promise: Promise<unknown>): Promise<InvalidArgumentError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(InvalidArgumentError.isInstance(error)).toBe(true);
  return error as InvalidArgumentError;
};

/** A real second process, alive until the test ends. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

describe('fileStore single writer', () => {
  it('refuses a second store on the same file, and lets it in once the first closes', async () => {
    const first = fileStore(path);
    await first.setMany([['a', Float32Array.of(1)]]);
    const second = fileStore(path);
    const error = await refusal(second.getMany(['a']));
    expect(error.message).toMatch(/another fileStore in this process has this cache open/);
    await first.close();
    const third = fileStore(path);
    expect(await third.getMany(['a'])).toEqual([Float32Array.of(1)]);
    await third.close();
    expect(await readdir(directory)).toEqual(['embeddings.bin']);
  });

  it('refuses a file another running process holds, and takes over once it is gone', async () => {
    const child = await otherProcess();
    await writeFile(`${path}.lock`, `${child.pid}\n${hostname()}\n`);
    const error = await refusal(fileStore(path).getMany(['a']));
    expect(error.message).toContain(`process ${child.pid} has this cache open`);
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    const store = fileStore(path);
    await store.setMany([['a', Float32Array.of(2)]]);
    await store.close();
    expect(await readdir(directory)).toEqual(['embeddings.bin']);
  });

  it('is a typed error, not EISDIR, when the path is a directory', async () => {
    const error = await refusal(fileStore(directory).getMany(['a']));
    expect(error.argument).toBe('fileStore(path)');
    expect(error.message).toMatch(/is a directory/);
  });
});
