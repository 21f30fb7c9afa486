import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisExampleStore } from './redis-example-store.js';
import { keyInSlotOf, keySlot } from './slot-key.js';
import { eventually } from './test-helpers.js';

// A one-node Redis Cluster: it refuses, as a real cluster does, a script or transaction whose
// keys are in different hash slots (CROSSSLOT), so it shows what a cluster would refuse.
let server: TestRedisServer;
let admin: Redis;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shortlist-cluster-'));
  server = await startRedisServer({
    args: ['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf')],
  });
  admin = new Redis(server.url);
  await admin.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
  await eventually(async () =>
    String(await admin.call('CLUSTER', 'INFO')).includes('cluster_state:ok'),
  );
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('keys in one hash slot', () => {
  it('puts a key made from another in its slot, as CLUSTER KEYSLOT computes it', async () => {
    const names = [
      'shortlist:examples:default',
      '{tenant-7}:examples:default',
      'shortlist:examples:a}b',
      'shortlist:examples:{}x',
      'shortlist:examples:{open',
      'shortlist:exämples:😀',
    ];
    for (const name of names) {
      const copy = keyInSlotOf(name, ':rewrite:1:abc');
      const [slot, copySlot] = await Promise.all(
        [name, copy].map((key) => admin.call('CLUSTER', 'KEYSLOT', key)),
      );
      expect(copySlot, `${name} and ${copy}`).toBe(slot);
      expect(keySlot(name)).toBe(slot);
    }
  });
});

describe('redisExampleStore on Redis Cluster', { timeout: 20_000 }, () => {
  it('forgets a request and rewrites the stream without erring CROSSSLOT', async () => {
    const warnings: string[] = [];
    const store = redisExampleStore({
      redis: server.url,
      blockMs: 200,
      onWarning: (message) => warnings.push(message),
    });
    try {
      await store.addExamples([
        { query: 'refill my insulin prescription', tool: 'refill' },
        { query: 'book a table for two', tool: 'reserve' },
      ]);
      expect(await store.forgetExamples({ query: 'refill my insulin prescription' })).toBe(1);
      expect((await store.readExamples()).map((example) => example.tool)).toEqual(['reserve']);
      // Rewritten: only the kept example's entry remains, and no copy is left behind.
      const entries = await admin.xrange('shortlist:examples:default', '-', '+');
      expect(entries.map(([, fields]) => fields.join(' '))).toEqual([
        expect.stringContaining('reserve'),
      ]);
      expect(await admin.keys('*rewrite*')).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
