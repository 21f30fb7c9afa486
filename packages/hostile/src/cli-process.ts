import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built `shortlist` bin, found through the workspace's `@shortlist/cli` (dist/index.js → bin/). */
const bin = join(
  dirname(createRequire(import.meta.url).resolve('@shortlist/cli')),
  '..',
  'bin',
  'shortlist.js',
);

/** How a `shortlist` process ended; `exited` is false when it was still running at the deadline. */
export interface CliExit {
  readonly exited: boolean;
  readonly code: number | null;
  readonly stderr: string;
}

/**
 * Runs `shortlist ...args` as users do (`env` added to this process's, without a token or key),
 * in its own process group; one still running after
 * `deadlineMs` is killed with everything it started, and reported as not exited.
 */
export function runShortlist(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  deadlineMs = 10_000,
): Promise<CliExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
      env: { ...process.env, SHORTLIST_MCP_TOKEN: undefined, OPENAI_API_KEY: undefined, ...env },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, deadlineMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ exited: signal !== 'SIGKILL', code, stderr });
    });
  });
}
