import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budget } from '@shortlist/budget';
import { pipe } from '@shortlist/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingBm25, stdioUpstream, testGateway } from './test-helpers.js';

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
    expect(await readdir(directory)).toHaveLength(1);

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
