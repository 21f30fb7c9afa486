import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const module = fileURLToPath(new URL('../dist/standard-output.js', import.meta.url));
/** A child that writes `size` bytes with writeStdout, to whatever its standard output is. */
const writer = (size: number) =>
  `import { writeStdout } from ${JSON.stringify(module)};
   writeStdout('x'.repeat(${size - 1}) + '\\n');
   process.stderr.write(process.moduleLoadList.some((m) => m.endsWith(' tty')) ? 'tty' : 'no tty');`;

const run = (size: number, readUpTo = Number.POSITIVE_INFINITY) =>
  new Promise<{ stdout: number; stderr: string; code: number | null }>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', writer(size)]);
    let stdout = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.length;
      if (stdout >= readUpTo) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ stdout, stderr, code }));
  });

it('writes all of a large output into a pipe without setting up process.stdout', async () => {
  // Several pipe buffers' worth: a partial write must continue where it stopped.
  const size = 5 * 1024 * 1024;
  expect(await run(size)).toEqual({ stdout: size, stderr: 'no tty', code: 0 });
});

it('ends quietly when the reader goes away', async () => {
  const result = await run(5 * 1024 * 1024, 1);
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('no tty');
});
