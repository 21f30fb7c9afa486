import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bm25 } from '@shortlist/bm25';
import { definitionText, upperBoundTokenizer } from '@shortlist/budget';
import {
  CorruptDataError,
  InvalidArgumentError,
  memorySnapshotStore,
  pipe,
  type Tool,
  toTools,
} from '@shortlist/core';
import {
  countTokensBounded,
  encodePickerSnapshot,
  encodeSnapshot,
  snapshotConfiguration,
} from '@shortlist/core/kit';
import { fileSnapshotStore } from '@shortlist/core/node';
import { lexical } from '@shortlist/lexical';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPipeline } from './pipelines.js';
import { selectionJson } from './render-selection.js';
import {
  catalogueFingerprint,
  sampleFingerprint,
  sampleQueries,
  sampleTools,
  sampleToolsPath,
} from './sample-data.js';
import { readSampleSnapshot, restoreOrIndex } from './sample-snapshot.js';
import { runCli } from './test-run-cli.js';
import { type CachedEncoding, cachedCounter, readTokenCounts } from './token-count-cache.js';

// The build's caches of the bundled sample (token counts, ranker snapshots) may only make a
// sample select faster: never a different count, ranking or output, and ignored when stale.
vi.setConfig({ testTimeout: 60_000 });

const built = (name: string) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
const countsPath = built('sample-token-counts.json');
/** The build's snapshot store: `dist/`, where `sampleSnapshots()` points once compiled. */
const builtSnapshots = fileSnapshotStore(built(''));
const encodings: readonly CachedEncoding[] = ['o200k_base', 'cl100k_base'];

const dir = mkdtempSync(join(tmpdir(), 'shortlist-caches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** The sample with one tool's description changed, as a user's edited copy would be. */
async function editedSample(): Promise<Tool[]> {
  const tools = await sampleTools();
  const [first, ...rest] = tools.map((tool) => tool.original) as {
    function: { description: string };
  }[];
  const description = `${first!.function.description} Also syncs with Workday.`;
  const edited = toTools([{ ...first, function: { ...first!.function, description } }, ...rest]);
  expect(edited[0]!.description).toBe(description);
  return edited;
}

describe('token count cache', () => {
  it.each(encodings)(
    "counts every %s sample definition exactly as the budget's default counter does",
    async (encoding) => {
      const tools = await sampleTools();
      const table = readTokenCounts(countsPath, encoding);
      expect(table).toBeDefined();
      const cached = cachedCounter(sampleFingerprint(tools), encoding, table!);
      expect(cached).toBeDefined();
      const real = await upperBoundTokenizer({ encoding });
      for (const tool of tools) {
        const text = definitionText(tool, 'openai-chat');
        expect(countTokensBounded(text, cached!.count)).toBe(countTokensBounded(text, real.count));
      }
    },
  );

  it('covers only the catalogue file the build counted', async () => {
    const table = readTokenCounts(countsPath, 'o200k_base')!;
    expect(
      cachedCounter(sampleFingerprint(await sampleTools()), 'o200k_base', table),
    ).toBeDefined();
    // Tools not read from the bundled file (an edited copy, another catalogue) have no fingerprint.
    expect(sampleFingerprint(await editedSample())).toBeUndefined();
    expect(cachedCounter(undefined, 'o200k_base', table)).toBeUndefined();
    // The bundled file edited after the build: one changed byte, the same length.
    const bytes = readFileSync(sampleToolsPath);
    const edited = Buffer.from(bytes.toString('utf8').replace('Send', 'Sent'));
    expect(edited.length).toBe(bytes.length);
    expect(cachedCounter(catalogueFingerprint(edited), 'o200k_base', table)).toBeUndefined();
  });

  it('ignores a missing, malformed, foreign or tampered cache file', async () => {
    const counts = { counts: { x: 3 } };
    const catalogue = '10:1';
    const cases = {
      missing: join(dir, 'absent.json'),
      notJson: file('not-json.json', '{"version": 3,'),
      oldVersion: file('v1.json', JSON.stringify({ version: 1, format: 'openai-chat', counts })),
      // Version 3 held gpt-tokenizer's exact counts, below what the default counter answers now.
      exactCounts: file(
        'v3.json',
        JSON.stringify({
          version: 3,
          format: 'openai-chat',
          catalogue,
          encodings: { o200k_base: counts },
        }),
      ),
      otherFormat: file(
        'anthropic.json',
        JSON.stringify({
          version: 4,
          format: 'anthropic',
          catalogue,
          encodings: { o200k_base: counts },
        }),
      ),
      otherEncoding: file(
        'cl100k.json',
        JSON.stringify({
          version: 4,
          format: 'openai-chat',
          catalogue,
          encodings: { cl100k_base: counts },
        }),
      ),
      negative: file(
        'negative.json',
        JSON.stringify({
          version: 4,
          format: 'openai-chat',
          catalogue,
          encodings: { o200k_base: { counts: { x: -1 } } },
        }),
      ),
      fraction: file(
        'fraction.json',
        JSON.stringify({
          version: 4,
          format: 'openai-chat',
          catalogue,
          encodings: { o200k_base: { counts: { x: 2.5 } } },
        }),
      ),
      noCatalogue: file(
        'no-catalogue.json',
        JSON.stringify({ version: 4, format: 'openai-chat', encodings: { o200k_base: counts } }),
      ),
    };
    for (const [name, path] of Object.entries(cases)) {
      expect(readTokenCounts(path, 'o200k_base'), name).toBeUndefined();
    }
  });
});

describe('sample snapshot', () => {
  // 'workday' matches only the edited tool's new text, so a stale restore would rank it apart.
  const queries = ['send an email', 'create a calendar event', 'workday'];
  const ranked = async (picker: Awaited<ReturnType<typeof restoreOrIndex>>) => {
    const names = [];
    for (const query of queries) {
      names.push((await picker.select(query, { limit: 10 })).picks.map((pick) => pick.name));
    }
    picker.dispose();
    return names;
  };

  it('restores the sample to the rankings a fresh index gives', async () => {
    const tools = await sampleTools();
    const snapshots = await readSampleSnapshot(
      builtSnapshots,
      sampleFingerprint(tools)!,
      lexical(),
    );
    // Every ranker of the default.
    expect(Object.keys(snapshots ?? {}).sort()).toEqual([
      'bigrams',
      'bm25',
      'exact',
      'name',
      'opening',
      'pieces',
      'tfidf',
    ]);
    const pipeline = lexical({ maxTokens: false });
    const fresh = await ranked(await pipeline.index(tools));
    expect(await ranked(await restoreOrIndex(pipeline, tools, snapshots, {}))).toEqual(fresh);
    const verified = { catalogueVerified: true };
    expect(await ranked(await restoreOrIndex(pipeline, tools, snapshots, verified))).toEqual(fresh);
  });

  it('is not read for a catalogue file other than the one the build indexed', async () => {
    const fingerprint = sampleFingerprint(await sampleTools())!;
    expect(await readSampleSnapshot(builtSnapshots, fingerprint, lexical())).toBeDefined();
    const [length, crc] = fingerprint.split(':');
    expect(
      await readSampleSnapshot(builtSnapshots, `${length}:${Number(crc) ^ 1}`, lexical()),
    ).toBeUndefined();
  });

  it('indexes afresh for edited tools and for a corrupt snapshot', async () => {
    const edited = await editedSample();
    const tools = await sampleTools();
    const snapshots = (await readSampleSnapshot(
      builtSnapshots,
      sampleFingerprint(tools)!,
      lexical(),
    ))!;
    const pipeline = lexical({ maxTokens: false });
    const fresh = await ranked(await pipeline.index(edited));
    expect(fresh[2]![0]).toBe(edited[0]!.name);
    expect(await ranked(await restoreOrIndex(pipeline, edited, snapshots, {}))).toEqual(fresh);
    const corrupt = Object.fromEntries(
      Object.entries(snapshots).map(([id, bytes]) => {
        const copy = bytes.slice();
        copy[copy.length >> 1]! ^= 0xff;
        return [id, copy];
      }),
    );
    await expect(pipeline.restore(tools, corrupt)).rejects.toSatisfy(CorruptDataError.isInstance);
    expect(await ranked(await restoreOrIndex(pipeline, tools, corrupt, {}))).toEqual(
      await ranked(await pipeline.index(tools)),
    );
  });

  it('indexes afresh when a snapshot was made with other ranker options', async () => {
    const tools = await sampleTools();
    const snapshots = (await readSampleSnapshot(
      builtSnapshots,
      sampleFingerprint(tools)!,
      lexical(),
    ))!;
    const other = (await bm25({ k1: 2 }).doIndex(tools)).doSnapshot!();
    const pipeline = lexical({ maxTokens: false });
    await expect(pipeline.restore(tools, { ...snapshots, bm25: other })).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
    expect(
      await ranked(await restoreOrIndex(pipeline, tools, { ...snapshots, bm25: other }, {})),
    ).toEqual(await ranked(await pipeline.index(tools)));
  });

  it('ignores a missing, damaged or foreign snapshot', async () => {
    const pipeline = lexical();
    const configuration = snapshotConfiguration(pipeline);
    const catalogue = '10:1';
    const bytes = new Uint8Array([1, 2, 3]);
    const good = encodePickerSnapshot({ configuration, catalogue, parts: { bm25: bytes } });
    const storing = async (value: Uint8Array | undefined) => {
      const store = memorySnapshotStore();
      if (value) await store.set('sample', value);
      return store;
    };
    expect(await readSampleSnapshot(await storing(good), catalogue, pipeline)).toEqual({
      bm25: bytes,
    });
    const damaged = good.slice();
    damaged[20]! ^= 0xff;
    const other = (fields: object) =>
      encodePickerSnapshot({ configuration, catalogue, parts: { bm25: bytes }, ...fields });
    const cases = {
      missing: undefined,
      damaged,
      truncated: good.subarray(0, good.length - 8),
      oldJson: new TextEncoder().encode(JSON.stringify({ version: 1, snapshots: {} })),
      oldContainer: encodeSnapshot({
        kind: 'cli-sample-snapshots',
        formatVersion: 1,
        meta: { pipeline: 'lexical', catalogue, ids: ['bm25'] },
        arrays: [bytes],
      }),
      otherRankers: other({ configuration: snapshotConfiguration(pipe(bm25())) }),
      otherCatalogue: other({ catalogue: '10:2' }),
      empty: other({ parts: {} }),
    };
    for (const [name, value] of Object.entries(cases)) {
      expect(await readSampleSnapshot(await storing(value), catalogue, pipeline), name).toBe(
        undefined,
      );
    }
  });
});

describe('a sample select through the caches', () => {
  // A small budget so the counts decide what is packed and what is dropped.
  it.each([
    ['gpt-4o', 400],
    ['gpt-4', 300],
  ])('prints what an uncached index prints (--model %s --budget %i)', async (model, budget) => {
    const result = await runCli([
      'select',
      '--json',
      '--model',
      model,
      '--budget',
      String(budget),
      '--limit',
      '8',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pipeline = await createPipeline('lexical', { model, budget });
    const picker = await pipeline.index(await sampleTools());
    const expected = [];
    for (const query of await sampleQueries()) {
      expected.push(selectionJson(await picker.select(query, { limit: 8 }), 'lexical'));
    }
    picker.dispose();
    const printed = JSON.parse(result.stdout) as { dropped: unknown[] }[];
    expect(printed).toEqual(JSON.parse(JSON.stringify(expected)));
    // The budget bit: some picks were dropped for it, so the counts were exercised.
    expect(printed.some((selection) => selection.dropped.length > 0)).toBe(true);
  });
});
