import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedPicker } from './shared-picker.js';
import { catalogue, eventually } from './test-helpers.js';

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server.stop();
});

it('gives a gateway replica a restored picker that follows the shared catalogue', async () => {
  const tools = catalogue(30);
  const options = { redis: server.url, configuration: 'bm25 defaults', onWarning: () => {} };
  const first = await sharedPicker(pipe(bm25()), tools, options);
  const second = await sharedPicker(pipe(bm25()), tools, options);
  try {
    expect([first.source, second.source]).toEqual(['indexed', 'restored']);
    await second.sync.add([{ name: 'fax_send', description: 'Sends a fax', parameters: {} }]);
    await eventually(() => first.picker.size === 31);
    expect((await first.picker.select('send a fax')).picks[0]?.name).toBe('fax_send');
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

it('rejects a missing Redis with a typed error', async () => {
  // @ts-expect-error: testing a JavaScript caller
  await expect(sharedPicker(pipe(bm25()), catalogue(3))).rejects.toThrow(
    /must be a Redis URL such as/,
  );
});
