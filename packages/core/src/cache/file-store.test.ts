import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { fileStore } from './file-store.js';
import { encodeRecord, FILE_HEADER } from './record-codec.js';

const v = (...values: number[]) => Float32Array.from(values);

let directory: string;
let path: string;
let warnings: string[];
const open = (options: { fsync?: boolean } = {}) =>
  fileStore(path, { ...options, onWarning: (message) => warnings.push(message) });

/** Writes three entries as three separate appends and closes the store. */
async function writeThree(): Promise<void> {
  const store = open();
  await store.setMany([['first', v(1, 2, 3)]]);
  await store.setMany([['second', v(4, 5, 6)]]);
  await store.setMany([['third', v(7, 8, 9)]]);
  await store.close();
}

/** Byte offset where the record of the n-th appended entry (0-based) starts. */
const recordStart = (n: number) =>
  FILE_HEADER.length + n * encodeRecord('first', v(1, 2, 3)).length;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'shortlist-cache-'));
  path = join(directory, 'nested', 'embeddings.bin');
  warnings = [];
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('fileStore', () => {
  it('reads back what was written after reopening, later writes winning', async () => {
    await writeThree();
    const again = open();
    await again.setMany([['second', v(0, 0, 1)]]);
    await again.close();
    const reopened = open();
    expect(await reopened.getMany(['first', 'second', 'third', 'none'])).toEqual([
      v(1, 2, 3),
      v(0, 0, 1),
      v(7, 8, 9),
      undefined,
    ]);
    expect(warnings).toEqual([]);
  });

  it('keeps float values bit for bit, including non-ASCII keys', async () => {
    const store = open({ fsync: false });
    const vector = v(Math.PI, -0, 1e-30, 3.4e38, Number.NaN);
    await store.setMany([['clé ✓', vector]]);
    await store.close();
    const [got] = await open().getMany(['clé ✓']);
    expect(new Uint8Array(got!.buffer)).toEqual(new Uint8Array(vector.buffer));
  });

  it('loses only a torn last record, with a warning, and keeps appending', async () => {
    await writeThree();
    await truncate(path, recordStart(3) - 5);
    const store = open();
    expect(await store.getMany(['first', 'second', 'third'])).toEqual([
      v(1, 2, 3),
      v(4, 5, 6),
      undefined,
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/torn last record/);
    await store.setMany([['fourth', v(1, 1, 1)]]);
    await store.close();

    warnings = [];
    expect(await open().getMany(['first', 'second', 'fourth'])).toEqual([
      v(1, 2, 3),
      v(4, 5, 6),
      v(1, 1, 1),
    ]);
    expect(warnings).toEqual([]);
  });

  it('ignores a record whose bytes were altered, with a warning, and keeps the others', async () => {
    await writeThree();
    const bytes = await readFile(path);
    bytes[recordStart(1) + 30]! ^= 0x40; // inside the second record's vector
    await writeFile(path, bytes);
    expect(await open().getMany(['first', 'second', 'third'])).toEqual([
      v(1, 2, 3),
      undefined,
      v(7, 8, 9),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/corrupted bytes/);
  });

  it('skips past a record whose length field was altered', async () => {
    await writeThree();
    const bytes = await readFile(path);
    bytes[recordStart(1) + 9] = 0x7f; // the second record's dimension count
    await writeFile(path, bytes);
    expect(await open().getMany(['first', 'second', 'third'])).toEqual([
      v(1, 2, 3),
      undefined,
      v(7, 8, 9),
    ]);
    expect(warnings).toHaveLength(1);
  });

  it('refuses, without touching it, a file that is not a cache', async () => {
    await writeThree();
    const notACache = join(directory, 'notes.txt');
    await writeFile(notACache, 'my precious notes, not an embedding cache');
    const store = fileStore(notACache, { onWarning: (message) => warnings.push(message) });
    const error = await store.getMany(['a']).catch((caught: unknown) => caught);
    expect(CorruptDataError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/is not a Shortlist embedding cache/);
    expect(await readFile(notACache, 'utf8')).toBe('my precious notes, not an embedding cache');
  });

  it('treats an empty or header-torn file as an empty cache', async () => {
    await writeThree();
    await truncate(path, 3);
    const store = open();
    expect(await store.getMany(['first'])).toEqual([undefined]);
    await store.setMany([['a', v(1)]]);
    await store.close();
    expect(await open().getMany(['a'])).toEqual([v(1)]);
  });

  it('compacts to one record per key through an atomic rename', async () => {
    const store = open();
    for (let i = 0; i < 10; i++) await store.setMany([['same', v(i, i, i)]]);
    const before = (await stat(path)).size;
    await store.compact();
    expect((await stat(path)).size).toBeLessThan(before);
    await store.setMany([['after', v(2)]]);
    await store.close();
    const reopened = open();
    expect(await reopened.getMany(['same', 'after'])).toEqual([v(9, 9, 9), v(2)]);
    await reopened.close();
    // No temporary file is left behind (and close() removes the lock file).
    expect((await readdir(join(directory, 'nested'))).sort()).toEqual(['embeddings.bin']);
  });

  it('ignores a temporary file left by a compaction that crashed', async () => {
    await writeThree();
    const leftover = join(directory, 'nested', '.embeddings.bin.12345.crashed.tmp');
    await writeFile(leftover, (await readFile(path)).subarray(0, 20));
    expect(await open().getMany(['first', 'third'])).toEqual([v(1, 2, 3), v(7, 8, 9)]);
    expect(warnings).toEqual([]);
  });

  it('serialises concurrent writers in one process', async () => {
    const store = open({ fsync: false });
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.setMany([[`key${i}`, v(i, -i)]])));
    await store.close();
    const keys = Array.from({ length: 25 }, (_, i) => `key${i}`);
    expect(await open().getMany(keys)).toEqual(keys.map((_, i) => v(i, -i)));
    expect(warnings).toEqual([]);
  });

  it('rejects use after close with a typed error', async () => {
    const store = open();
    await store.close();
    await expect(store.getMany(['a'])).rejects.toThrow(/was closed/);
  });
});
