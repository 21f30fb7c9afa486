import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built CLI the tests run, as users do: the committed bin, which loads the bundle. */
export const bin = fileURLToPath(new URL('../bin/shortlist.js', import.meta.url));

const bundle = fileURLToPath(new URL('../dist/shortlist.js', import.meta.url));

/** A fixture file's absolute path. */
export const fixture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node bin/shortlist.js ...args` with piped (non-terminal) streams. */
export function runCli(
  args: readonly string[],
  options: { input?: string; env?: Record<string, string | undefined> } = {},
): Promise<CliResult> {
  if (!existsSync(bundle)) {
    throw new Error(
      `${bundle} is missing: build the CLI first (npx turbo run build --filter=@shortlist/cli...)`,
    );
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, OPENAI_API_KEY: undefined, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
