import { describe, expect, it } from 'vitest';
import { embedMany } from '../embedding/embed-many.js';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { PluginError } from '../errors/plugin-error.js';
import { decodeSnapshot, encodeSnapshot } from '../snapshot/snapshot-codec.js';
import type { EmbedderV1 } from '../spec/embedder-v1.js';
import { testEmbedder } from '../test-embedder.js';
import { toolText } from '../text/tool-fields.js';
import { toTools } from '../tools/to-tools.js';
import { semantic } from './semantic.js';

const tools = toTools(
  [
    'send email to a person',
    'search email messages in the inbox',
    'post a chat message to a channel',
    'create a calendar event',
    'list calendar events for a day',
    'refund a card payment',
    'create an invoice for a customer',
    'upload a file to storage',
    'delete a file from storage',
    'get the weather forecast',
  ].map((description, i) => ({ name: `tool_${i}`, description })),
);

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

describe('semantic()', () => {
  it('embeds tools once at index time, in batches of the embedder size', async () => {
    const embedder = testEmbedder({ maxBatchSize: 4 });
    const index = await semantic({ embedder }).doIndex(tools);
    expect(embedder.calls.map((batch) => batch.length)).toEqual([4, 4, 2]);
    await index.doRank('email', { limit: 3 });
    await index.doRank('calendar', { limit: 3 });
    expect(embedder.calls.slice(3)).toEqual([['email'], ['calendar']]);
  });

  it('ranks by cosine similarity exactly as a brute-force computation does', async () => {
    const embedder = testEmbedder({ dimensions: 32 });
    const index = await semantic({ embedder }).doIndex(tools);
    for (const query of ['calendar events', 'email inbox', 'file storage delete', 'weather']) {
      const [q] = (await embedder.doEmbed([query])).embeddings;
      const vectors = (await embedder.doEmbed(tools.map((tool) => toolText(tool)))).embeddings;
      // A tool with nothing in common with the query (cosine ≤ 0) is no match; a query vector
      // of zeros (here 'calendar events': its two terms cancel) matches nothing.
      const expected = tools
        .map((tool, i) => ({ name: tool.name, score: cosine(q!, vectors[i]!) }))
        .filter((entry) => entry.score > 0)
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
        .slice(0, 4);
      const ranking = await index.doRank(query, { limit: 4 });
      expect(ranking.map((entry) => entry.name)).toEqual(expected.map((entry) => entry.name));
      ranking.forEach((entry, i) => {
        expect(entry.score).toBeCloseTo(expected[i]!.score, 5);
      });
    }
  });

  it('reports progress while embedding the catalogue', async () => {
    const progress: number[] = [];
    await semantic({ embedder: testEmbedder({ maxBatchSize: 3 }) }).doIndex(tools, {
      onProgress: ({ done }) => progress.push(done),
    });
    expect(progress).toEqual([0, 3, 6, 9, 10]);
  });

  it('restores a snapshot only for the same model, embedding tools it did not have', async () => {
    const embedder = testEmbedder();
    const index = await semantic({ embedder }).doIndex(tools.slice(0, 8));
    const snapshot = index.doSnapshot!();
    const calls = embedder.calls.length;
    const restored = await semantic({ embedder }).doRestore!(snapshot, tools);
    expect(embedder.calls.slice(calls)).toEqual([tools.slice(8).map((tool) => toolText(tool))]);
    expect(restored.size).toBe(10);
    const other = testEmbedder({ dimensions: 16 });
    await expect(semantic({ embedder: other }).doRestore!(snapshot, tools)).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
    await expect(semantic({ embedder }).doRestore!(snapshot.slice(0, 40), tools)).rejects.toSatisfy(
      CorruptDataError.isInstance,
    );
  });

  it('restores the rows it stored as they were: same rankings, no embedding, tools gone since dropped', async () => {
    const embedder = testEmbedder();
    const index = await semantic({ embedder }).doIndex(tools);
    const snapshot = index.doSnapshot!();
    const calls = embedder.calls.length;
    const restored = await semantic({ embedder }).doRestore!(snapshot, tools);
    const queryCalls = embedder.calls.length;
    for (const query of ['email a person', 'calendar events', 'delete a stored file']) {
      expect(await restored.doRank(query, { limit: 4 })).toEqual(
        await index.doRank(query, { limit: 4 }),
      );
    }
    expect(embedder.calls.slice(calls, queryCalls)).toEqual([]);
    expect(restored.doSnapshot!()).toEqual(snapshot);
    // The restored index adopted the snapshot's rows: its changes must not write into them.
    const before = snapshot.slice();
    await restored.doRemove!(['tool_0', 'tool_4']);
    await restored.doAdd!(toTools([{ name: 'tool_x', description: 'archive a file' }]));
    expect(snapshot).toEqual(before);
    const fewer = await semantic({ embedder }).doRestore!(snapshot, tools.slice(2));
    expect(fewer.size).toBe(8);
    expect(
      (await fewer.doRank('send email to a person', { limit: 10 })).map((r) => r.name),
    ).not.toContain('tool_0');
  });

  it('rejects a snapshot of the old format (1) and rows that are not unit vectors, with CorruptDataError', async () => {
    const embedder = testEmbedder();
    const index = await semantic({ embedder }).doIndex(tools);
    const content = decodeSnapshot(index.doSnapshot!(), { kind: 'semantic', formatVersion: 2 });
    const old = encodeSnapshot({ ...content, formatVersion: 1 });
    await expect(semantic({ embedder }).doRestore!(old, tools)).rejects.toSatisfy(
      (error: unknown) =>
        CorruptDataError.isInstance(error) && /format version 1/.test((error as Error).message),
    );
    const rows = Float32Array.from(content.arrays[0] as Float32Array);
    rows[embedder.dimensions * 3] = 4;
    const tampered = encodeSnapshot({ ...content, arrays: [rows] });
    await expect(semantic({ embedder }).doRestore!(tampered, tools)).rejects.toSatisfy(
      (error: unknown) =>
        CorruptDataError.isInstance(error) && /not of unit length/.test((error as Error).message),
    );
  });

  it('rejects a snapshot row holding NaN or Infinity with CorruptDataError', async () => {
    const embedder = testEmbedder();
    const index = await semantic({ embedder }).doIndex(tools);
    const content = decodeSnapshot(index.doSnapshot!(), { kind: 'semantic', formatVersion: 2 });
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const rows = Float32Array.from(content.arrays[0] as Float32Array);
      rows[embedder.dimensions + 2] = bad;
      const tampered = encodeSnapshot({ ...content, arrays: [rows] });
      await expect(semantic({ embedder }).doRestore!(tampered, tools)).rejects.toSatisfy(
        (error: unknown) =>
          CorruptDataError.isInstance(error) && /row 1 holds/.test((error as Error).message),
      );
    }
  });

  it('refuses an all-zero row for a tool the embedder gives a real vector; keeps a real zero row', async () => {
    const embedder = testEmbedder();
    // Descriptions alone, so a tool without one embeds as zeros.
    const text = (tool: { description: string }) => tool.description;
    const featureless = toTools([...tools, { name: 'tool_blank', description: '' }]);
    const index = await semantic({ embedder, text }).doIndex(featureless);
    const content = decodeSnapshot(index.doSnapshot!(), { kind: 'semantic', formatVersion: 2 });
    const keys = (content.meta as { keys: string[] }).keys;
    // The embedder's own zeros (a tool without words) restore as they were.
    const blankRow = keys.indexOf('tool_blank');
    const rows = content.arrays[0] as Float32Array;
    expect(rows.subarray(blankRow * 64, blankRow * 64 + 64).every((v) => v === 0)).toBe(true);
    await expect(
      semantic({ embedder, text }).doRestore!(index.doSnapshot!(), featureless),
    ).resolves.toBeDefined();
    // Zeros in place of tool_3's real row: refused, not restored as a tool nothing finds.
    const zeroed = Float32Array.from(rows);
    const row = keys.indexOf('tool_3');
    zeroed.fill(0, row * 64, row * 64 + 64);
    const tampered = encodeSnapshot({ ...content, arrays: [zeroed] });
    await expect(semantic({ embedder, text }).doRestore!(tampered, featureless)).rejects.toSatisfy(
      (error: unknown) =>
        CorruptDataError.isInstance(error) &&
        /row of "tool_3" is all zeros/.test((error as Error).message),
    );
  });

  it('needs an embedder', () => {
    expect(() => semantic({} as never)).toThrow(/semantic\(\) needs an embedder/);
  });
});

describe('embedMany()', () => {
  const broken = (returned: (texts: readonly string[]) => Float32Array[]): EmbedderV1 => ({
    specificationVersion: 'v1',
    provider: 'broken',
    modelId: 'm',
    dimensions: 4,
    maxBatchSize: 8,
    async doEmbed(texts) {
      return { embeddings: returned(texts) };
    },
  });

  it('rejects a batch with the wrong number of vectors instead of misaligning them', async () => {
    const error = await embedMany(
      broken((texts) => texts.slice(1).map(() => new Float32Array(4))),
      ['a', 'b', 'c'],
    ).catch((caught: unknown) => caught);
    expect(PluginError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('returned 2 vectors for 3 texts');
  });

  it('rejects vectors of the wrong dimension', async () => {
    await expect(
      embedMany(
        broken((texts) => texts.map(() => new Float32Array(3))),
        ['a'],
      ),
    ).rejects.toThrow(/declares 4 dimensions/);
  });

  it('runs at most maxConcurrency batches at once and keeps input order', async () => {
    let running = 0;
    let peak = 0;
    const embedder: EmbedderV1 = {
      specificationVersion: 'v1',
      provider: 'slow',
      modelId: 'm',
      dimensions: 1,
      maxBatchSize: 2,
      maxConcurrency: 3,
      async doEmbed(texts) {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return { embeddings: texts.map((text) => new Float32Array([Number(text)])) };
      },
    };
    const texts = Array.from({ length: 21 }, (_, i) => String(i));
    const vectors = await embedMany(embedder, texts);
    expect(vectors.map((vector) => vector[0])).toEqual(texts.map(Number));
    expect(peak).toBe(3);
  });
});
