import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { fileSnapshotStore, snapshotFileName } from './file-snapshot-store.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'shortlist-snapshots-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('fileSnapshotStore', () => {
  it('keeps snapshots across stores on the same directory, created on first write', async () => {
    const where = join(directory, 'nested', 'snapshots');
    const store = fileSnapshotStore(where);
    expect(await store.get('a')).toBeUndefined();
    await store.set('a', Uint8Array.of(1, 2, 3));
    await store.set('a', Uint8Array.of(4, 5));
    expect([...(await fileSnapshotStore(where).get('a'))!]).toEqual([4, 5]);
    // One file per key, no temporary file left behind.
    expect(await readdir(where)).toEqual(['a.snapshot']);
  });

  it('names files so no key reaches outside the directory and no two keys share a file', async () => {
    const store = fileSnapshotStore(directory);
    const keys = ['../escape', 'a/b', 'a%2Fb', 'é', '.', '', 'x'.repeat(300), 'x'.repeat(301)];
    for (const [i, key] of keys.entries()) await store.set(key, Uint8Array.of(i));
    for (const [i, key] of keys.entries()) expect([...(await store.get(key))!]).toEqual([i]);
    expect((await readdir(directory)).length).toBe(keys.length);
    expect(snapshotFileName('../escape')).toBe('%2E%2E%2Fescape.snapshot');
  });

  it('says what is wrong with a path that is a file, and refuses use after close', async () => {
    const file = join(directory, 'file');
    await writeFile(file, 'not a directory');
    await expect(fileSnapshotStore(file).set('a', Uint8Array.of(1))).rejects.toThrow(
      InvalidArgumentError,
    );
    expect(() => fileSnapshotStore('')).toThrow(InvalidArgumentError);
    const store = fileSnapshotStore(directory);
    await store.close();
    await expect(store.get('a')).rejects.toThrow(/was closed/);
  });
});
