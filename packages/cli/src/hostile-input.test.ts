import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixture, runCli } from './test-run-cli.js';

// Input a hostile or careless user gives: endless files, terminal escapes, odd URLs, flags that disagree.
vi.setConfig({ testTimeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'shortlist-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESC = '\u001b';

describe('--tools is read up to a cap', () => {
  it('stops an endless device at the cap with an error naming --tools', async () => {
    const started = Date.now();
    const result = await runCli(['select', 'send an email', '--tools', '/dev/zero', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--tools \/dev\/zero is larger than 64 MB/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('stops a FIFO that never ends at the cap', async () => {
    const fifo = join(dir, 'tools.fifo');
    await new Promise<void>((resolve, reject) =>
      spawn('mkfifo', [fifo]).on('exit', (code) => (code === 0 ? resolve() : reject(code))),
    );
    const writer = createWriteStream(fifo);
    writer.on('error', () => undefined); // the reader goes away: EPIPE
    const chunk = Buffer.alloc(1 << 20, 0x20);
    const pump = () => {
      while (!writer.destroyed && writer.write(chunk));
    };
    writer.on('drain', pump);
    writer.on('open', pump);
    const result = await runCli(['select', 'send an email', '--tools', fifo, '--json']);
    writer.destroy();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/larger than 64 MB/);
  });
});

describe('control characters in user input are escaped when echoed', () => {
  it('in the snippet of a tools file that is not JSON', async () => {
    const file = join(dir, 'escape.json');
    writeFileSync(file, `${ESC}[2J${ESC}]0;owned${String.fromCharCode(7)} not json`);
    const result = await runCli(['select', 'send an email', '--tools', file, '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain(ESC);
    expect(result.stderr).not.toContain(String.fromCharCode(7));
    expect(result.stderr).toContain('\\x1b[2J');
  });

  it('in a tool name an error repeats', async () => {
    const file = join(dir, 'names.json');
    const tool = { name: `${ESC}[31mred`, description: 'Red', parameters: {} };
    writeFileSync(file, JSON.stringify([tool, tool]));
    const result = await runCli(['select', 'paint it red', '--tools', file, '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/both named "\\x1b\[31mred"/);
    expect(result.stderr).not.toContain(ESC);
  });

  it('in a query, a flag and a table', async () => {
    const file = join(dir, 'table.json');
    const tool = { name: `mail${ESC}[2J`, description: 'Sends an email', parameters: {} };
    writeFileSync(file, JSON.stringify([tool]));
    const table = await runCli(['select', 'send email', '--tools', file, '--format', 'table']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('mail\\x1b[2J');
    expect(table.stdout).not.toContain(ESC);
    const flag = await runCli(['select', 'send', `--${ESC}[2J`]);
    expect(flag.code).toBe(1);
    expect(flag.stderr).not.toContain(ESC);
  });
});

describe('--base-url', () => {
  it('takes http(s) only, refusing any other scheme at once', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/v1', 'not a url']) {
      const started = Date.now();
      const result = await runCli([
        'select',
        'send an email',
        '--tools',
        fixture('openai-tools.json'),
        '--pipeline',
        'semantic',
        '--base-url',
        url,
        '--json',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/--base-url must be an http:\/\/ or https:\/\/ URL/);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});

describe('flags that contradict each other', () => {
  it('are refused, saying which to drop', async () => {
    const cases: [string[], RegExp][] = [
      [['select', 'q', '--format', 'xml', '--json'], /--format xml and --json .*drop one/],
      [['select', 'q', '--format', 'table', '--json'], /--format table and --json .*drop one/],
      [['eval', 'x', '--online', '--sample', '5'], /--online .*--sample.*drop/],
      [['eval', 'x', '--online', '--groups'], /--online .*--groups.*drop/],
      [
        ['mcp', '--config', 'x.json', '--no-cache', '--cache-dir', dir],
        /--cache-dir and --no-cache/,
      ],
      [['mcp', '--config', 'x.json', '--max-sessions', '3'], /--max-sessions .*--http/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });
});
