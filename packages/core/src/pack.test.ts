import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'shortlist-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The published tarball, not the workspace, is what users get: pack it, install it into an
// empty project and use it from there.
it('packs into a tarball that works when installed into an empty project', () => {
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: packageDir });
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  const project = join(work, 'project');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), '{"name":"empty","private":true,"type":"module"}');
  execFileSync(
    'npm',
    ['install', '--silent', '--offline', '--no-audit', '--no-fund', join(work, tarball!)],
    {
      cwd: project,
    },
  );
  writeFileSync(
    join(project, 'main.js'),
    `import { pipe, ShortlistError, toTools } from '@shortlist/core';
import { toolSession } from '@shortlist/core/adapter';
import { topK } from '@shortlist/core/kit';
import { fileStore } from '@shortlist/core/node';
const tools = toTools([{ name: 'send_email', description: 'Send an email' }]);
const ranker = {
  specificationVersion: 'v1', id: 'first',
  async doIndex(list) { return { size: list.length, doRank: () => [{ name: list[0].name, score: 1 }] }; },
};
const picker = await pipe(ranker).index(tools);
const { tools: picked } = await picker.select('email');
console.log(JSON.stringify({ picked: picked.map((t) => t.name), error: typeof ShortlistError.isInstance, fileStore: typeof fileStore, kit: typeof topK, adapter: typeof toolSession }));`,
  );
  const output = execFileSync('node', ['main.js'], { cwd: project, encoding: 'utf8' });
  expect(JSON.parse(output)).toEqual({
    picked: ['send_email'],
    error: 'function',
    fileStore: 'function',
    kit: 'function',
    adapter: 'function',
  });
  const files = execFileSync('tar', ['-tzf', join(work, tarball!)], { encoding: 'utf8' }).split(
    '\n',
  );
  expect(files.some((file) => file.startsWith('package/src/'))).toBe(false);
  expect(files.some((file) => file.endsWith('.test.js'))).toBe(false);
  expect(files).toContain('package/dist/index.d.ts');
  for (const entry of ['node', 'kit', 'adapter'])
    expect(files).toContain(`package/dist/${entry}.d.ts`);
}, 60_000);
