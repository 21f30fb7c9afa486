import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type AnthropicServer, startAnthropicServer } from '@shortlist/test-servers';
import { afterEach, expect, it } from 'vitest';
import { scriptedModel } from './test-scripted-model.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

let server: AnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('the README opens with an integration that runs as written', async () => {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(readme)![1]!;
  const integration = code
    .split('\n')
    .filter((line) => /shortlist/i.test(line) && !line.startsWith('import'));
  expect(integration.length).toBeLessThanOrEqual(3);

  server = await startAnthropicServer(
    scriptedModel([{ says: 'leak an API key', tool: 'scan_secrets', input: { repo: 'acme/api' } }]),
  );
  // Inside the package, so `@shortlist/anthropic` resolves to its own build like an installed copy.
  const dir = mkdtempSync(join(packageDir, '.readme-'));
  try {
    writeFileSync(join(dir, 'readme.mjs'), code);
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'readme.mjs')], {
      env: { ...process.env, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.baseURL },
      timeout: 30_000,
    });
    expect(stdout).toMatch(/type: 'tool_use'/);
    expect(stdout).toMatch(/name: 'scan_secrets'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0]!.tools).toEqual(['scan_secrets']);
});
