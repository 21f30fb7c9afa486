/**
 * Where a cold restore's time goes, in fresh processes: builds the 10,000-tool snapshot once,
 * then starts PROCESSES new processes that each restore it REPEATS times, phase by phase.
 * Run: `pnpm lab lab/redis/restore-profile.ts`; env PROFILE=1 writes CPU profiles
 * (PROFILE_DIR), TRACE_GC=1 traces collections, NODE_FLAGS passes V8 flags, MODE and IDLE_MS
 * as in restore-child.ts.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startRedisServer } from '@shortlist/test-servers';
import { startEmbeddingsServer } from './embeddings-server.js';

const PROCESSES = Number(process.env.PROCESSES ?? 4);
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
};

const runChild = (env: Record<string, string>, execArgv: string[] = []) =>
  new Promise<Record<string, number>[]>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./restore-child.ts', import.meta.url)), {
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
        ...(process.env.TRACE_GC ? ['--trace-gc'] : []),
        ...execArgv,
      ],
      env: { ...process.env, ...env },
    });
    let result: Record<string, number>[] = [];
    child.on('message', (message: Record<string, number>[]) => {
      result = message;
    });
    child.on('exit', (code) => (code === 0 ? resolve(result) : reject(new Error(`exit ${code}`))));
  });

const loadAtStart = loadavg()[0]!;
const redis = await startRedisServer();
const embeddings = await startEmbeddingsServer();
try {
  const env = { REDIS_URL: redis.url, EMBED_URL: embeddings.baseURL };
  await runChild({ ...env, MODE: 'build' });
  const runs: Record<string, number>[][] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const profile = process.env.PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR ?? 'profiles'}`]
      : [];
    runs.push(await runChild({ ...env, MODE: process.env.MODE ?? 'restore' }, profile));
  }
  const repeats = runs[0]!.length;
  for (let r = 0; r < repeats; r++) {
    const phases = Object.keys(runs[0]![r]!);
    console.log(
      `restore ${r + 1} in a process (median of ${runs.length}): ${phases
        .map((phase) => `${phase} ${median(runs.map((run) => run[r]![phase]!)).toFixed(1)}`)
        .join(', ')} ms`,
    );
  }
  console.log(`load average ${loadAtStart.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await embeddings.close();
  await redis.stop();
}
