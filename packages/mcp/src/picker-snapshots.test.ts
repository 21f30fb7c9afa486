import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budget } from '@shortlist/budget';
import { type EmbedderV1, pipe, semantic } from '@shortlist/core';
import { decodePickerSnapshot } from '@shortlist/core/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countingBm25, stdioUpstream, testGateway } from './test-helpers.js';

// These tests start real processes; a loaded CI machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe('index snapshots on disk', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-cache-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  async function startWith(args: string[]) {
    const { ranker, counts } = countingBm25();
    const { gateway, warnings } = await testGateway(
      { mcpServers: { hub: stdioUpstream(args) } },
      { cacheDirectory: directory, pipeline: pipe(ranker).pack(budget(4000)) },
    );
    const found = (await gateway.search('add two numbers')).tools.map((tool) => tool.name);
    await gateway.close();
    return { counts, found, warnings };
  }

  it('indexes once, restores on a restart with the same tools, and re-indexes when they change', async () => {
    const first = await startWith(['--generated', '30']);
    expect(first.counts.index).toBe(1);
    const files = await readdir(directory);
    expect(files).toHaveLength(1);
    // Core's one container, holding the one ranker's part.
    const container = decodePickerSnapshot(await readFile(join(directory, files[0]!)));
    expect(files[0]).toMatch(/^picker-[0-9a-f]{32}\.snapshot$/);
    expect(Object.keys(container.parts)).toHaveLength(1);

    const second = await startWith(['--generated', '30']);
    expect(second.counts.index).toBe(0);
    expect(second.found).toEqual(first.found);

    const changed = await startWith(['--generated', '31']);
    expect(changed.counts.index).toBe(1);
    expect(await readdir(directory)).toHaveLength(2);
  });

  it('rebuilds from a corrupt snapshot with a warning', async () => {
    for (const file of await readdir(directory)) await writeFile(join(directory, file), 'garbage');
    const again = await startWith(['--generated', '30']);
    expect(again.counts.index).toBe(1);
    expect(again.warnings.some((warning) => warning.includes('unreadable index snapshot'))).toBe(
      true,
    );
    expect(again.found[0]).toBe('hub__add_numbers');
  });
});

/** A deterministic embedder (letter counts) that counts the texts it embeds. */
function countingEmbedder(modelId: string) {
  const calls = { texts: 0 };
  const embedder: EmbedderV1 = {
    specificationVersion: 'v1',
    provider: 'test',
    modelId,
    dimensions: 26,
    maxBatchSize: 64,
    async doEmbed(texts) {
      calls.texts += texts.length;
      return {
        embeddings: texts.map((text) => {
          const vector = new Float32Array(26);
          for (const char of text.toLowerCase()) {
            const code = char.charCodeAt(0) - 97;
            if (code >= 0 && code < 26) vector[code]! += 1;
          }
          return vector;
        }),
      };
    },
  };
  return { embedder, calls };
}

describe('semantic index snapshots', () => {
  it('embeds nothing on a restart with unchanged upstreams, and re-embeds for another model', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'shortlist-mcp-semantic-'));
    const startWith = async (modelId: string) => {
      const { embedder, calls } = countingEmbedder(modelId);
      const { gateway, warnings } = await testGateway(
        { mcpServers: { hub: stdioUpstream(['--generated', '20']) } },
        { cacheDirectory: directory, pipeline: pipe(semantic({ embedder })) },
      );
      const found = (await gateway.search('echo a message back')).tools.length;
      await gateway.close();
      return { calls, found, warnings };
    };
    try {
      const first = await startWith('letters-v1');
      expect(first.calls.texts).toBeGreaterThanOrEqual(31);
      const second = await startWith('letters-v1');
      expect(second.calls.texts).toBe(1); // the query only
      expect(second.found).toBe(first.found);
      const other = await startWith('letters-v2');
      expect(other.calls.texts).toBe(first.calls.texts);
      expect(other.warnings.some((warning) => warning.includes('could not restore'))).toBe(true);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
