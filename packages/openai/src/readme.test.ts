import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pickingModel } from './test-scripted-models.js';

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
/** Inside the package, so `@shortlist/openai` and the dev dependencies resolve as for a user. */
const script = fileURLToPath(new URL(`../dist/readme-example-${process.pid}.mjs`, import.meta.url));

it('runs the README\u2019s first example against a local model server', async () => {
  const text = await readFile(readme, 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(text)![1]!;
  const integration = example.slice(example.indexOf('// The integration'));
  expect(integration.trim().split('\n').length - 1).toBeLessThanOrEqual(3);
  server.responses = pickingModel((offered) =>
    offered.includes('send_email') ? 'send_email' : 'none',
  );
  await writeFile(script, example);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: { ...process.env, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.baseURL },
      timeout: 30_000,
    });
    expect(stdout).toMatch(/send_email/);
  } finally {
    await rm(script, { force: true });
  }
  const sent = server.requests[0]!.body.tools!.map((tool) => tool.name);
  expect(sent).toContain('send_email');
  expect(sent.length).toBeLessThanOrEqual(2);
});
