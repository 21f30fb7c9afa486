import { CorruptDataError, InvalidArgumentError } from '@shortlist/core';
import { encodeSnapshot } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { bm25 } from './bm25.js';
import { randomCatalogue, randomQueries, tool } from './test-catalogue.js';

const tools = randomCatalogue(31, 500);
const queries = randomQueries(32, 100);

type Index = Awaited<ReturnType<ReturnType<typeof bm25>['doIndex']>>;
const rankAll = (index: Index) =>
  Promise.all(queries.map((query) => index.doRank(query, { limit: 10 })));

describe('snapshot and restore', () => {
  it('restores an index that ranks identically, also after adds and removes', async () => {
    const index = await bm25().doIndex(tools.slice(0, 450));
    await index.doAdd!(tools.slice(450));
    await index.doRemove!(tools.slice(0, 30).map((t) => t.name));
    const restored = await bm25().doRestore!(index.doSnapshot!(), tools.slice(30));
    expect(restored.size).toBe(470);
    expect(await rankAll(restored)).toEqual(await rankAll(index));
    // The restored index keeps working incrementally.
    await restored.doAdd!(tools.slice(0, 30));
    expect(await rankAll(restored)).toEqual(await rankAll(await bm25().doIndex(tools)));
  });

  it('indexes tools the snapshot lacks and drops those no longer given', async () => {
    const snapshot = (await bm25().doIndex(tools.slice(0, 400))).doSnapshot!();
    const current = tools.slice(100);
    const restored = await bm25().doRestore!(snapshot, current);
    expect(restored.size).toBe(current.length);
    expect(await rankAll(restored)).toEqual(await rankAll(await bm25().doIndex(current)));
  });

  it('reads the snapshot in place but never writes to it, through adds and removes', async () => {
    const snapshot = (await bm25().doIndex(tools.slice(0, 400))).doSnapshot!();
    const before = snapshot.slice();
    const restored = await bm25().doRestore!(snapshot, tools.slice(0, 400));
    await restored.doRemove!(tools.slice(0, 50).map((t) => t.name)); // counts updated in place
    await restored.doAdd!(tools.slice(400)); // arrays grown past the snapshot's
    await restored.doRemove!(tools.slice(400, 420).map((t) => t.name));
    expect(snapshot).toEqual(before);
    // A second index restored from the same bytes is the untouched original.
    const again = await bm25().doRestore!(snapshot, tools.slice(0, 400));
    expect(await rankAll(again)).toEqual(await rankAll(await bm25().doIndex(tools.slice(0, 400))));
    const expected = await bm25().doIndex(tools.slice(50, 400));
    await expected.doAdd!(tools.slice(420));
    expect(await rankAll(restored)).toEqual(await rankAll(expected));
  });

  it('rejects a corrupted or truncated snapshot with CorruptDataError', async () => {
    const snapshot = (await bm25().doIndex(tools)).doSnapshot!();
    const flipped = snapshot.slice();
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    await expect(bm25().doRestore!(flipped, tools)).rejects.toThrow(CorruptDataError);
    await expect(bm25().doRestore!(snapshot.subarray(0, 100), tools)).rejects.toThrow(
      CorruptDataError,
    );
    await expect(bm25().doRestore!(new Uint8Array(0), tools)).rejects.toThrow(CorruptDataError);
  });

  it('rejects a snapshot of another format version or kind with CorruptDataError', async () => {
    const future = encodeSnapshot({ kind: 'bm25', formatVersion: 99, meta: {}, arrays: [] });
    await expect(bm25().doRestore!(future, tools)).rejects.toThrow(/format version 99/);
    const other = encodeSnapshot({ kind: 'tfidf', formatVersion: 1, meta: {}, arrays: [] });
    await expect(bm25().doRestore!(other, tools)).rejects.toThrow(CorruptDataError);
    const hollow = encodeSnapshot({ kind: 'bm25', formatVersion: 1, meta: null, arrays: [] });
    await expect(bm25().doRestore!(hollow, tools)).rejects.toThrow(CorruptDataError);
  });

  it('rejects a snapshot made with other options with InvalidArgumentError', async () => {
    const snapshot = (await bm25().doIndex(tools)).doSnapshot!();
    for (const options of [
      { k1: 2 },
      { b: 0.5 },
      { fieldWeights: { name: 5 } },
      { stopwords: false as const },
      { stopwords: ['the', 'a'] },
      { tokenizer: (text: string) => text.split(' ') },
    ]) {
      await expect(bm25(options).doRestore!(snapshot, tools)).rejects.toThrow(InvalidArgumentError);
    }
    // The same options (a different id does not matter) restore fine.
    await expect(bm25({ id: 'lexical' }).doRestore!(snapshot, tools)).resolves.toBeDefined();
    // A stopword list is a set: its order does not matter.
    const listed = (await bm25({ stopwords: ['the', 'a'] }).doIndex(tools)).doSnapshot!();
    await expect(
      bm25({ stopwords: ['a', 'the'] }).doRestore!(listed, tools),
    ).resolves.toBeDefined();
  });

  it('round-trips hostile names and an empty index', async () => {
    const odd = [tool('__proto__', 'prototype'), tool('constructor', ''), tool('東京', '天気')];
    const restored = await bm25().doRestore!((await bm25().doIndex(odd)).doSnapshot!(), odd);
    expect((await restored.doRank('constructor', { limit: 1 }))[0]?.name).toBe('constructor');
    const empty = await bm25().doRestore!((await bm25().doIndex([])).doSnapshot!(), []);
    expect(empty.size).toBe(0);
  });
});
