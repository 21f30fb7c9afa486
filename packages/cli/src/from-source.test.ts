import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `pnpm demo` and `pnpm shortlist` on a fresh clone: the CLI bundled from the sources, no build.
const script = fileURLToPath(new URL('../scripts/from-source.mjs', import.meta.url));

const run = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('node', [script, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('scripts/from-source.mjs', () => {
  it('runs the demo from the TypeScript sources: every sample request, the Spanish one abstained', async () => {
    const queries = JSON.parse(
      await readFile(new URL('../data/sample-queries.json', import.meta.url), 'utf8'),
    ) as string[];
    const result = await run(['demo', '--json']);
    expect(result.code).toBe(0);
    const selections = JSON.parse(result.stdout) as { query: string; abstained?: string }[];
    expect(selections.map((selection) => selection.query)).toEqual(queries);
    expect(selections.at(-1)?.abstained).toMatch(/no word of the request/);
    // A fresh clone has no dist/: the bundle may name no workspace build output, and no package
    // import (`#…`, resolved against the bundle's own package.json at run time) may be left in it.
    const outdir = new URL('../.from-source/', import.meta.url);
    const packages = fileURLToPath(new URL('../../', import.meta.url));
    for (const file of await readdir(outdir)) {
      const code = await readFile(new URL(file, outdir), 'utf8');
      expect(code.split(packages).slice(1), file).not.toContainEqual(
        expect.stringMatching(/^[\w-]+\/dist\//),
      );
      expect(code, file).not.toMatch(/(from|import\()\s*["']#/);
    }
  }, 60_000);

  it('passes its arguments on: --help and a usage error', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: shortlist');
    const wrong = await run(['select', 'x', '--limit', '0']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("argument '0' is invalid");
  }, 60_000);
});
