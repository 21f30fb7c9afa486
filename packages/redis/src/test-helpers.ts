import type { TestRedisServer } from '@shortlist/test-servers';
import type { Redis } from 'ioredis';

/** A small catalogue of distinct tools. */
export function catalogue(size: number, offset = 0) {
  const topics = ['mail', 'files', 'weather', 'calendar', 'payments', 'maps', 'music'];
  return Array.from({ length: size }, (_, k) => {
    const i = k + offset;
    return {
      name: `tool_${i}`,
      description: `Tool ${i} handles ${topics[i % topics.length]} task number ${i}`,
      parameters: { type: 'object', properties: { id: { type: 'string' } } },
    };
  });
}

/** Polls until `check` holds (tests fail by their own timeout if it never does). */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Between tests: the server running and answering again (a test may have paused or stopped it), and empty. */
export async function resetServer(server: TestRedisServer, admin: Redis): Promise<void> {
  server.resume();
  await server.start();
  await eventually(() => admin.status === 'ready');
  await admin.flushall();
}
