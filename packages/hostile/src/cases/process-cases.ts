import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway } from '@shortlist/mcp';
import { type CliExit, runShortlist } from '../cli-process.js';
import type { HostileCase } from '../hostile-case.js';

/** Runs `use` with a fresh temporary directory, removed after. */
async function inTemporary<T>(use: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'shortlist-hostile-process-'));
  try {
    return await use(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

type Spawned = CliExit & { upstreamStarted: boolean };

/** `shortlist mcp --config <one upstream that leaves a mark when started> ...flags`. */
const mcpWith = (flags: readonly string[], env: Record<string, string> = {}) =>
  inTemporary(async (directory): Promise<Spawned> => {
    const mark = join(directory, 'upstream-started');
    const upstream = `require('node:fs').writeFileSync(${JSON.stringify(mark)}, '1'); setInterval(() => {}, 1000);`;
    const config = join(directory, 'mcp.json');
    await writeFile(
      config,
      JSON.stringify({ mcpServers: { m: { command: process.execPath, args: ['-e', upstream] } } }),
    );
    const exit = await runShortlist(['mcp', '--config', config, '--no-cache', ...flags], env);
    return { ...exit, upstreamStarted: existsSync(mark) };
  });

/** Why a refused start is wrong: still running, exit code not 1, no reason given, an upstream started. */
function badRefusal(answer: unknown, reason: RegExp): string | undefined {
  const { exited, code, stderr, upstreamStarted } = answer as Spawned;
  if (!exited) return 'still running 10 s after refusing its flags (killed)';
  if (code !== 1) return `exit code ${code}, not 1`;
  if (!reason.test(stderr)) return `stderr does not say ${reason}: ${stderr}`;
  return upstreamStarted ? 'an upstream was started before the flags were checked' : undefined;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A stdio upstream that writes its pid to `file` and never answers: one forever connecting. */
const silentUpstream = (file: string) =>
  `require('node:fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); setInterval(() => {}, 1000);`;

/** Item 13: issue 23's processes left behind and terminal escapes, through the gateway and the built `shortlist` bin. */
export const processCases: HostileCase[] = [
  {
    item: 13,
    name: 'shortlist mcp --http 70000 with an upstream configured',
    wants: 'answer',
    run: () => mcpWith(['--http', '70000']),
    check: (answer) => badRefusal(answer, /--http.*integer from 0 to 65535/),
  },
  {
    item: 13,
    name: 'shortlist mcp --http 0 with a 5-character token',
    wants: 'answer',
    run: () => mcpWith(['--http', '0'], { SHORTLIST_MCP_TOKEN: 'short' }),
    check: (answer) => badRefusal(answer, /at least 16 characters/),
  },
  {
    item: 13,
    name: 'shortlist select on a tools file of terminal escapes (ESC [2J, an OSC title, BEL)',
    wants: 'answer',
    run: () =>
      inTemporary(async (directory) => {
        const tools = join(directory, 'tools.json');
        await writeFile(tools, '\u001b[2J\u001b]0;owned\u0007 not json');
        return runShortlist(['select', 'send an email', '--tools', tools, '--json']);
      }),
    check: (answer) => {
      const { code, stderr } = answer as CliExit;
      if (code !== 1) return `exit code ${code}, not 1`;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the bytes that must not pass
      if (/[\u001b\u0007]/.test(stderr))
        return `raw control bytes on the terminal: ${JSON.stringify(stderr)}`;
      return /not JSON/.test(stderr) ? undefined : `no error about the file: ${stderr}`;
    },
  },
  {
    item: 13,
    name: 'gateway.close() while a stdio upstream is still connecting',
    wants: 'answer',
    run: () =>
      inTemporary(async (directory) => {
        const pidFile = join(directory, 'pid');
        const gateway = await createGateway({
          config: {
            mcpServers: {
              slow: { command: process.execPath, args: ['-e', silentUpstream(pidFile)] },
            },
          },
          cacheDirectory: false,
          startWaitMs: 100,
          onWarning: () => undefined,
        });
        while (!existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 20));
        const pid = Number(await readFile(pidFile, 'utf8'));
        await gateway.close();
        for (let waited = 0; alive(pid) && waited < 3000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const orphaned = alive(pid);
        if (orphaned) process.kill(pid, 'SIGKILL');
        return { orphaned };
      }),
    check: (answer) =>
      (answer as { orphaned: boolean }).orphaned
        ? 'the connecting upstream outlived the gateway (killed by the suite)'
        : undefined,
  },
];
