import { bm25 } from '@shortlist/bm25';
import { countingEmbedder } from '@shortlist/conformance';
import { cached, InvalidArgumentError, type Picker, pipe, semantic } from '@shortlist/core';
import {
  decodePickerSnapshot,
  decodeSnapshot,
  encodePickerSnapshot,
  encodeSnapshot,
} from '@shortlist/core/kit';
import { rrf } from '@shortlist/fusion';
import { freePort, startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { restoreOrIndex } from './picker-snapshots.js';
import { redisStore } from './redis-store.js';
import { catalogue } from './test-helpers.js';

let server: TestRedisServer;
let admin: Redis;
let warnings: string[] = [];
const onWarning = (message: string) => warnings.push(message);
const tools = catalogue(60);
const query = 'weather task number 9';

/** The pipeline one process runs: lexical plus semantic over a shared embedding cache. */
function pipelineFor(embedder: ReturnType<typeof countingEmbedder>, url = server.url) {
  const store = redisStore({ redis: url, onWarning });
  const pipeline = pipe(bm25(), semantic({ embedder: cached(embedder, { store }) })).fuse(rrf());
  return { pipeline, store };
}

const names = async (picker: Picker) => (await picker.select(query)).picks.map((pick) => pick.name);

beforeAll(async () => {
  server = await startRedisServer();
  admin = new Redis(server.url);
});
afterEach(async () => {
  await admin.flushall();
  warnings = [];
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});

describe('restoreOrIndex', { timeout: 15_000 }, () => {
  it('indexes and stores on the first process, restores on the next with the same selections', async () => {
    const first = pipelineFor(countingEmbedder());
    const built = await restoreOrIndex(first.pipeline, tools, { redis: server.url, onWarning });
    expect(built.source).toBe('indexed');
    const second = pipelineFor(countingEmbedder());
    const restored = await restoreOrIndex(second.pipeline, tools, { redis: server.url, onWarning });
    expect(restored.source).toBe('restored');
    expect(restored.key).toBe(built.key);
    expect(await names(restored.picker)).toEqual(await names(built.picker));
    expect(restored.picker.size).toBe(60);
    expect(restored.picker.tools()[7]!.original).toBe(tools[7]); // the user's own objects
    expect(built.picker.tools()[7]!.original).toBe(tools[7]);
    expect(warnings).toEqual([]);
    await Promise.all([first.store.close(), second.store.close()]);
  });

  it('lets one of several processes starting at once build, the others restore', async () => {
    const embedders = [countingEmbedder(), countingEmbedder(), countingEmbedder()];
    const parts = embedders.map((embedder) => pipelineFor(embedder));
    const results = await Promise.all(
      parts.map(({ pipeline }) =>
        restoreOrIndex(pipeline, tools, { redis: server.url, onWarning }),
      ),
    );
    expect(results.map((result) => result.source).sort()).toEqual([
      'indexed',
      'restored',
      'restored',
    ]);
    expect(embedders.reduce((sum, embedder) => sum + embedder.texts(), 0)).toBe(60);
    await Promise.all(parts.map(({ store }) => store.close()));
  });

  it('never uses a snapshot of another configuration or catalogue', async () => {
    const a = pipelineFor(countingEmbedder());
    const base = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    const options = { redis: server.url, onWarning, configuration: { k1: 1.5 } };
    const otherConfig = await restoreOrIndex(a.pipeline, tools, options);
    expect(otherConfig.source).toBe('indexed');
    expect(otherConfig.key).not.toBe(base.key);
    const lexical = await restoreOrIndex(pipe(bm25()), tools, { redis: server.url, onWarning });
    expect(lexical.source).toBe('indexed');
    const changed = tools.map((tool, i) =>
      i === 3 ? { ...tool, description: 'Sends a fax' } : tool,
    );
    const stale = await restoreOrIndex(a.pipeline, changed, { redis: server.url, onWarning });
    expect(stale.source).toBe('indexed');
    expect(new Set([base.key, otherConfig.key, lexical.key, stale.key]).size).toBe(4);
    await a.store.close();
  });

  it('uses the latest-snapshot pointer only for the exact catalogue it names', async () => {
    const a = pipelineFor(countingEmbedder());
    const base = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    const pointers = async () => admin.keys('*:latest:*');
    expect(await pointers()).toHaveLength(1);
    // The same tool names, one description changed: same pointer, another catalogue.
    const changed = tools.map((tool, i) =>
      i === 3 ? { ...tool, description: 'Sends a fax' } : tool,
    );
    const other = await restoreOrIndex(a.pipeline, changed, { redis: server.url, onWarning });
    expect(other.source).toBe('indexed'); // the pointer named `base`: not used for this catalogue
    const [pointer] = await pointers();
    expect(other.key.endsWith(`:${await admin.get(pointer!)}`)).toBe(true);
    // Back to the first catalogue: its own snapshot, not the one the pointer names.
    const again = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(again.source).toBe('restored');
    expect(again.key).toBe(base.key);
    expect(await names(again.picker)).toEqual(await names(base.picker));
    expect(base.key.endsWith(`:${await admin.get(pointer!)}`)).toBe(true); // pointed back at it
    // A pointer to a snapshot that is gone (expired, evicted) only means building it again.
    await admin.del(base.key);
    const rebuilt = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(rebuilt.source).toBe('indexed');
    expect(await names(rebuilt.picker)).toEqual(await names(base.picker));
    expect(warnings).toEqual([]);
    await a.store.close();
  });

  it('rejects what a pointer names when it is not this catalogue, even under its key', async () => {
    const a = pipelineFor(countingEmbedder());
    const built = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    const older = await restoreOrIndex(a.pipeline, tools.slice(1), {
      redis: server.url,
      onWarning,
    });
    // The pointer for these names now leads to the older catalogue's snapshot bytes.
    await admin.copy(older.key, built.key, 'REPLACE');
    const again = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(again.source).toBe('indexed');
    expect(warnings.join('\n')).toMatch(/another catalogue \(stale\)/);
    expect(again.picker.size).toBe(60);
    await a.store.close();
  });

  it('rejects a damaged snapshot, rebuilds and overwrites it', async () => {
    const a = pipelineFor(countingEmbedder());
    const built = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    const bytes = (await admin.getBuffer(built.key))!;
    bytes[bytes.length >> 1]! ^= 0xff;
    await admin.set(built.key, bytes);
    const again = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(again.source).toBe('indexed');
    expect(warnings.join('\n')).toMatch(/checksum does not match/);
    expect(await names(again.picker)).toEqual(await names(built.picker));
    const third = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(third.source).toBe('restored');
    await a.store.close();
  });

  it('rejects a foreign or stale snapshot stored under the key, and rebuilds', async () => {
    const a = pipelineFor(countingEmbedder());
    const other = await restoreOrIndex(pipe(bm25()), tools, { redis: server.url, onWarning });
    const older = await restoreOrIndex(a.pipeline, tools.slice(1), {
      redis: server.url,
      onWarning,
    });
    const key = (await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning })).key;
    await admin.copy(other.key, key, 'REPLACE');
    const foreign = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(foreign.source).toBe('indexed');
    expect(warnings.join('\n')).toMatch(/another pipeline configuration/);
    await admin.copy(older.key, key, 'REPLACE');
    const stale = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(stale.source).toBe('indexed');
    expect(warnings.join('\n')).toMatch(/another catalogue \(stale\)/);
    expect(stale.picker.size).toBe(60);
    await a.store.close();
  });

  it('rejects a snapshot holding an old semantic format (1) with a typed error, rebuilds and overwrites it', async () => {
    const a = pipelineFor(countingEmbedder());
    const built = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    // Core's container, as stored: its configuration and catalogue kept, one part replaced.
    const stored = decodePickerSnapshot((await admin.getBuffer(built.key))!);
    const parts = stored.parts;
    // The semantic part as the previous version wrote it: the same rows, format 1.
    const stamped = parts.semantic!;
    const content = decodeSnapshot(stamped.subarray(16), { kind: 'semantic', formatVersion: 2 });
    const old = encodeSnapshot({ ...content, formatVersion: 1 });
    const part = new Uint8Array(16 + old.length);
    part.set(stamped.subarray(0, 16));
    part.set(old, 16);
    const replaced = encodePickerSnapshot({ ...stored, parts: { ...parts, semantic: part } });
    await admin.set(built.key, Buffer.from(replaced));
    const again = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(again.source).toBe('indexed');
    expect(warnings.join('\n')).toMatch(
      /semantic snapshot cannot be restored: it has format version 1/,
    );
    expect(await names(again.picker)).toEqual(await names(built.picker));
    const third = await restoreOrIndex(a.pipeline, tools, { redis: server.url, onWarning });
    expect(third.source).toBe('restored');
    await a.store.close();
  });

  it('stores snapshots, and the pointer to them, with the TTL it was given', async () => {
    const { key } = await restoreOrIndex(pipe(bm25()), tools, {
      redis: server.url,
      onWarning,
      ttlMs: 60_000,
    });
    expect(await admin.pttl(key)).toBeGreaterThan(0);
    const [pointer] = await admin.keys('*:latest:*');
    expect(await admin.pttl(pointer!)).toBeGreaterThan(0);
  });

  it('indexes alone, saying so, when Redis is unreachable', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const result = await restoreOrIndex(pipe(bm25()), tools, {
      redis: url,
      onWarning,
      timeoutMs: 100,
    });
    expect(result.source).toBe('indexed');
    expect(result.picker.size).toBe(60);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/unreachable.*indexing here/);
  });

  it('rejects bad options with a typed error', async () => {
    await expect(restoreOrIndex(pipe(bm25()), tools, { redis: '' })).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(
      restoreOrIndex(pipe(bm25()), tools, { redis: server.url, buildWaitMs: -1 }),
    ).rejects.toThrow(/buildWaitMs\) must be a positive integer/);
  });
});
