import { startRedisServer, type TestRedisServer } from '@shortlist/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClient, whenReady } from './redis-connection.js';
import { withDeadline } from './with-deadline.js';

let server: TestRedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server.stop();
});

describe('openClient', () => {
  it('does not resend, after a reconnect, a blocking read its caller gave up on', async () => {
    const client = openClient(server.url, 'test');
    try {
      await whenReady(client, 2000);
      // A read that would block for ever; its caller's deadline passes and it reconnects.
      const stale = client.xread('BLOCK', 0, 'STREAMS', 'nothing-here', '$');
      await expect(withDeadline(stale, 50, 'read')).rejects.toThrow(/did not answer/);
      const reconnected = new Promise((resolve) => client.once('ready', resolve));
      client.disconnect(true);
      await reconnected;
      // Were the stale read resent first, this would wait behind it for ever.
      await expect(withDeadline(client.ping(), 2000, 'ping')).resolves.toBe('PONG');
    } finally {
      client.disconnect();
    }
  });
});
