import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'shortlist-kit-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface Result {
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

// A conformance kit that passes everything is worthless: run it on plugins that each break
// one rule and check that exactly the rule they break fails.
it('fails plugins that break the contract, on the rule they break', () => {
  const report = join(out, 'report.json');
  try {
    execFileSync(
      'npx',
      [
        'vitest',
        'run',
        '--root',
        join(packageDir, 'fixtures'),
        '--config',
        join(packageDir, 'fixtures', 'vitest.config.ts'),
        '--reporter',
        'json',
        '--outputFile',
        report,
      ],
      { cwd: packageDir, stdio: 'ignore' },
    );
  } catch {
    // Failing tests are the point; the report says which.
  }
  const result = JSON.parse(readFileSync(report, 'utf8')) as Result;
  const tests = result.testResults.flatMap((file) => file.assertionResults);
  const failed = new Set(
    tests.filter((test) => test.status === 'failed').map((test) => test.fullName),
  );
  const expectFailed = (suite: string, test: string) =>
    expect(
      [...failed].some((name) => name.startsWith(suite) && name.endsWith(test)),
      `${suite} › ${test}`,
    ).toBe(true);
  expectFailed('ignores limit', 'returns well-formed rankings of catalogue tools within the limit');
  expectFailed(
    'ascending scores',
    'returns well-formed rankings of catalogue tools within the limit',
  );
  expectFailed('answers blank queries', 'returns nothing for an empty or blank query');
  expectFailed('mutates tools', 'does not mutate the tools it indexes');
  expectFailed(
    'uncapped query terms',
    'scores a query of more than MAX_QUERY_TERMS distinct terms as its rarest MAX_QUERY_TERMS',
  );
  expectFailed(
    'drops sources',
    "keeps each source's 1-based rank and raw score, and nothing for sources that missed",
  );
  expectFailed(
    'overspends',
    'never exceeds the budget and accounts for every candidate exactly once',
  );
  expectFailed(
    'batch differs from single',
    'embeds a batch exactly as it embeds each text alone, in input order',
  );
  expectFailed('tells late', 'tells each subscriber of its changes once, before the call resolves');
  expectFailed(
    'keeps repeats',
    'replaces a repeated example: dropped the old, then added the new, at the newest place',
  );
  // What a plugin does not support is skipped, visibly, and nothing of it fails.
  const statusOf = (suite: string, test: string) =>
    tests.find((t) => t.fullName.startsWith(suite) && t.fullName.endsWith(test))?.status;
  for (const test of [
    'ranks exactly as before after adding then removing tools (when supported)',
    'ranks like a fresh index after adding tools (when supported)',
    'restores a snapshot that ranks identically (when supported)',
    'rejects a truncated or altered snapshot with a Shortlist error (when supported)',
  ]) {
    expect(statusOf('rank only', test), test).toBe('skipped');
  }
  expect(statusOf('rank only', 'returns nothing for an empty or blank query')).toBe('passed');
  expect([...failed].filter((name) => name.startsWith('rank only'))).toEqual([]);
  // An embedder that takes one text a call is never sent more.
  expect(tests.filter((t) => t.fullName.startsWith('one text a call')).length).toBeGreaterThan(0);
  expect([...failed].filter((name) => name.startsWith('one text a call'))).toEqual([]);
  // Rules a plugin keeps are not reported as broken.
  expect(
    [...failed].some(
      (name) =>
        name.startsWith('ignores limit') && name.endsWith('declares spec v1 and a non-empty id'),
    ),
  ).toBe(false);
}, 120_000);
