import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ExampleChange } from '@shortlist/core/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileExampleStore } from './file-example-store.js';
import { tempDir } from './test-temp-dir.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const child = fileURLToPath(new URL('./test-store-child.mjs', import.meta.url));
const file = tempDir();

// The children import the built package, as another program would: build it from these sources.
beforeAll(() => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', packageDir], { stdio: 'inherit' });
}, 120_000);

interface Running {
  readonly process: ChildProcess;
  /** Indexes the child printed, each once its append resolved. */
  readonly acknowledged: number[];
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function run(path: string, mode: 'append' | 'churn', label: string, count: number): Running {
  const process = spawn(globalThis.process.execPath, [child, path, mode, label, String(count)]);
  const acknowledged: number[] = [];
  let pending = '';
  process.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) acknowledged.push(Number(line));
  });
  let stderr = '';
  process.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => process.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { process, acknowledged, exit };
}

const indexesOf = (queries: readonly string[], label: string): number[] =>
  queries
    .filter((query) => query.startsWith(`${label} example `))
    .map((query) => Number(query.slice(`${label} example `.length)));

describe('fileExampleStore() shared by processes', () => {
  it('keeps every acknowledged append of a process killed with SIGKILL mid-loop, and takes appends after', async () => {
    const path = file('killed.jsonl');
    const writer = run(path, 'append', 'killed', 0);
    await expect.poll(() => writer.acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(200);
    writer.process.kill('SIGKILL');
    const { signal } = await writer.exit;
    expect(signal).toBe('SIGKILL');
    const acknowledged = writer.acknowledged.length;

    const warnings: string[] = [];
    const store = fileExampleStore(path, { onWarning: (message) => warnings.push(message) });
    const found = indexesOf(
      (await store.readExamples()).map((example) => example.query),
      'killed',
    );
    // Every append that resolved is there, in order, and at most the one in flight besides.
    expect(found.slice(0, acknowledged)).toEqual([...Array(acknowledged).keys()]);
    expect(found.length - acknowledged).toBeLessThanOrEqual(1);
    await store.addExamples([{ query: 'after the crash', tool: 'recover' }]);
    await store.close();

    const again = fileExampleStore(path, { onWarning: (message) => warnings.push(message) });
    const read = (await again.readExamples()).map((example) => example.query);
    expect(read.at(-1)).toBe('after the crash');
    expect(read).toHaveLength(found.length + 1);
    expect(warnings).toEqual([]);
    await again.close();
  }, 60_000);

  it('loses and corrupts nothing when two processes append to one file at once', async () => {
    const path = file('two-writers.jsonl');
    const perWriter = 300;
    const writers = [
      run(path, 'append', 'left', perWriter),
      run(path, 'append', 'right', perWriter),
    ];
    for (const writer of writers) expect(await writer.exit).toMatchObject({ code: 0, stderr: '' });

    const warnings: string[] = [];
    const store = fileExampleStore(path, { onWarning: (message) => warnings.push(message) });
    const queries = (await store.readExamples()).map((example) => example.query);
    expect(queries).toHaveLength(2 * perWriter);
    for (const label of ['left', 'right']) {
      expect(indexesOf(queries, label)).toEqual([...Array(perWriter).keys()]);
    }
    expect(warnings).toEqual([]);
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    // A writer that sees another's append still landing starts its own on a fresh line, which can
    // leave an empty line; every line with content is one whole record.
    const records = lines.slice(1, -1).filter((line) => line !== '');
    expect(records).toHaveLength(2 * perWriter);
    expect(records.every((line) => line.startsWith('{"v":1,') && line.endsWith('}'))).toBe(true);
    await store.close();
  }, 60_000);

  it('loses no append while another process keeps compacting the file', async () => {
    const path = file('compacting.jsonl');
    const perWriter = 400;
    const writers = [run(path, 'append', 'steady', perWriter), run(path, 'churn', 'churn', 600)];
    for (const writer of writers) expect(await writer.exit).toMatchObject({ code: 0, stderr: '' });

    const warnings: string[] = [];
    const store = fileExampleStore(path, { onWarning: (message) => warnings.push(message) });
    const queries = (await store.readExamples()).map((example) => example.query);
    expect(indexesOf(queries, 'steady')).toEqual([...Array(perWriter).keys()]);
    expect(queries.filter((query) => query.includes('throwaway'))).toEqual([]);
    expect(warnings).toEqual([]);
    // The churn compacted the file 60 times: its dead records are gone.
    expect(readFileSync(path, 'utf8').split('\n').length).toBeLessThan(perWriter + 600);
    await store.close();
  }, 120_000);

  it("hears another process's examples within a second through subscribe", async () => {
    const path = file('subscribed.jsonl');
    const store = fileExampleStore(path);
    await store.readExamples();
    const heard: ExampleChange[] = [];
    const stop = store.subscribe((change) => heard.push(change));
    const writer = run(path, 'append', 'remote', 1);
    await expect.poll(() => writer.acknowledged.length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => heard, { timeout: 1000, interval: 10 })
      .toEqual([
        {
          type: 'added',
          examples: [{ query: 'remote example 0', tool: 'tool_remote', at: expect.any(Number) }],
        },
      ]);
    expect(await writer.exit).toMatchObject({ code: 0 });
    stop();
    await store.close();
  }, 30_000);
});
