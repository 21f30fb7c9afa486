import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { bin, type CliResult, fixture, runCli } from './test-run-cli.js';

// The traps a new user fell into (issue 16), each once: the CLI must say what went wrong.
vi.setConfig({ testTimeout: 60_000 });

interface JsonPick {
  name: string;
  definition?: unknown;
}

/** Runs the CLI with standard input redirected from a file, as `shortlist ... < file` does. */
function runWithStdinFile(args: readonly string[], file: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      stdio: [openSync(file, 'r'), 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a catalogue on standard input without --tools -', () => {
  it('is refused with the flag to use, not answered from the bundled sample (pipe)', async () => {
    const result = await runCli(['select', 'send an email', '--json'], {
      input: readFileSync(fixture('openai-tools.json'), 'utf8'),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--tools -');
  });

  it('is refused when redirected from a file', async () => {
    const result = await runWithStdinFile(
      ['select', 'send an email', '--json'],
      fixture('openai-tools.json'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--tools -');
  });

  it('an empty standard input still answers from the sample', async () => {
    const result = await runCli(['select', 'send an email', '--json'], { input: '' });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { picks: JsonPick[] }).picks.length).toBeGreaterThan(0);
  });
});

describe('select', () => {
  it('an empty catalogue is an error with exit code 1', async () => {
    const result = await runCli(['select', 'send an email', '--tools', '-', '--json'], {
      input: '[]',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('holds no tools');
  });

  it('a budget smaller than every match says what was dropped and what budget would do', async () => {
    const result = await runCli(['select', 'send an email', '--budget', '10', '--format', 'table']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('no tool matched');
    expect(result.stdout).toMatch(
      /no tool fits the budget of 10 tokens: \d+ matching candidates were dropped as larger than the budget \(.+\); pass --budget \d+ or more/,
    );
    const needed = Number(/pass --budget (\d+)/.exec(result.stdout)?.[1]);
    const retried = await runCli(['select', 'send an email', '--budget', String(needed), '--json']);
    expect((JSON.parse(retried.stdout) as { picks: JsonPick[] }).picks.length).toBeGreaterThan(0);
  });

  it('an unknown --model is advised with the real flag', async () => {
    const result = await runCli(['select', 'send an email', '--model', 'mystery-9', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('unknown --model "mystery-9"');
    expect(result.stderr).not.toContain('{ encoding }');
  });

  it('--json --definitions carries each pick exactly as the catalogue gave it', async () => {
    const catalogue = JSON.parse(readFileSync(fixture('openai-tools.json'), 'utf8')) as unknown[];
    const result = await runCli([
      'select',
      'will it rain in Lisbon tomorrow, what is the forecast',
      '--tools',
      fixture('openai-tools.json'),
      '--json',
      '--definitions',
    ]);
    expect(result.code).toBe(0);
    const { picks } = JSON.parse(result.stdout) as { picks: JsonPick[] };
    expect(picks.length).toBeGreaterThan(0);
    for (const pick of picks) {
      expect(catalogue).toContainEqual(pick.definition);
      expect(JSON.stringify(pick.definition)).toContain(`"${pick.name}"`);
    }
  });

  it('--definitions with table output asks for --json', async () => {
    const result = await runCli(['select', 'x', '--definitions', '--format', 'table']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('add --json');
  });

  it('explicit --json prints no format note', async () => {
    const result = await runCli(['select', 'send an email', '--json']);
    expect(result.stderr).toBe('');
  });
});

describe('shortlist', () => {
  it('--version prints the package version', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('report fails before evaluating when it could not write the report', async () => {
    const result = await runCli(['report', '--out', '/nonexistent-shortlist-dir/benchmarks.md']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot write /nonexistent-shortlist-dir/benchmarks.md');
    expect(result.stderr).not.toContain('evaluating');
  });
});
