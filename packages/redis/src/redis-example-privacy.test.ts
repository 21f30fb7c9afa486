import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lexical } from '@shortlist/lexical';
import { startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisExampleStore, redisExampleStore } from './redis-example-store.js';
import { catalogue } from './test-helpers.js';

let server: TestRedisServer;
let admin: Redis;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shortlist-redis-dump-'));
  server = await startRedisServer({
    args: ['--dir', dir, '--dbfilename', 'dump.rdb', '--rdbcompression', 'no'],
  });
  admin = new Redis(server.url);
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Words of three letters or more, less those made only of hex digits, which a hash may spell. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3 && /[^a-f]/.test(word));

describe('what learning keeps in Redis', () => {
  it('keeps no readable word of a taught request, nor of who taught it, in the dump', async () => {
    const store: RedisExampleStore = redisExampleStore({ redis: server.url, blockMs: 200 });
    const picker = await lexical({ examples: store }).index(catalogue(20));
    const taught = [
      { query: 'wire the rent to my landlord on friday', tool: 'tool_11', source: 'priyanka' },
      { query: 'jot down that my diagnosis is hepatitis', tool: 'tool_3', source: 'priyanka' },
    ];
    await picker.learn(taught);
    await picker.forget({ query: 'jot down that my diagnosis is hepatitis' });
    await admin.save();
    const dump = readFileSync(join(dir, 'dump.rdb'), 'latin1').toLowerCase();
    expect(dump).toContain('tool_11'); // uncompressed, the dump holds the examples as written: the check can fail
    for (const { query, source } of taught)
      for (const word of [...wordsOf(query), source]) expect(dump).not.toContain(word);
    expect((await picker.select('wire the rent to my landlord on friday')).picks[0]?.name).toBe(
      'tool_11',
    );
    picker.dispose();
    await store.close();
  });

  it('keeps no trace of a forgotten request in the dump, in the form it was stored', async () => {
    const store: RedisExampleStore = redisExampleStore({
      redis: server.url,
      name: 'forgetting',
      blockMs: 200,
    });
    const picker = await lexical({ examples: store }).index(catalogue(20));
    await picker.learn([
      { query: 'refill my insulin prescription', tool: 'tool_4', source: 'sam' },
      { query: 'wire the rent to my landlord', tool: 'tool_11', source: 'sam' },
    ]);
    const stored = (await store.readExamples()).map((example) => example.query);
    const [forgotten, kept] = stored as [string, string];
    await picker.forget({ query: 'refill my insulin prescription' });
    await admin.save();
    const dump = readFileSync(join(dir, 'dump.rdb'), 'latin1');
    expect(dump).toContain(kept); // the dump holds the stream's entries as written: the check can fail
    // Each hashed word of the forgotten request, not only the whole form.
    for (const word of forgotten.split(' ').slice(1)) expect(dump).not.toContain(word);
    expect(dump).not.toContain(forgotten);
    picker.dispose();
    await store.close();
  });
});
