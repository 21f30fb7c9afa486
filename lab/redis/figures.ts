/**
 * Prints the fleet figures of @shortlist/redis: four worker processes, one 10,000-tool catalogue,
 * a local OpenAI-format embeddings server that counts texts, a real redis-server.
 * Run: `pnpm figures:redis` (env TOOLS, ADDS to change the sizes).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startRedisServer } from '@shortlist/test-servers';
import { Redis } from 'ioredis';
import { startEmbeddingsServer } from './embeddings-server.js';
import type { Command, Report } from './messages.js';

const WORKERS = 4;
const TOOLS = Number(process.env.TOOLS ?? 10_000);
const ADDS = Number(process.env.ADDS ?? 200);
const RESTARTS = 2;
/** Processes started afresh only to restore once. */
const FRESH = 7;

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const median = (values: readonly number[]) => quantile(values, 0.5);
/**
 * How many times faster each restore was than the indexing timed right after it, as a median:
 * the pairs alternate so that a machine speeding up or slowing down during the run affects both
 * sides of a pair alike, which a ratio of the two medians would not use.
 */
const pairedSpeedup = (restores: readonly number[], alone: readonly number[]) =>
  median(restores.map((restore, i) => alone[i]! / restore));
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

const loadAtStart = loadavg()[0]!;
const redisServer = await startRedisServer();
const embeddings = await startEmbeddingsServer();
const admin = new Redis(redisServer.url);
const reports: Report[] = [];
const waiters: (() => void)[] = [];
let workers: ChildProcess[] = [];

function spawnWorker(worker: number): ChildProcess {
  const child = fork(fileURLToPath(new URL('./worker.ts', import.meta.url)), {
    // tsx runs the TypeScript worker; a full collection before each timed restart (worker.ts).
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      WORKER: String(worker),
      TOOLS: String(TOOLS),
      REDIS_URL: redisServer.url,
      EMBED_URL: embeddings.baseURL,
    },
  });
  child.on('message', (report: Report) => {
    reports.push(report);
    for (const wake of waiters.splice(0)) wake();
  });
  child.on('exit', (code) => {
    if (code !== 0) {
      console.error(`worker ${worker} exited with ${code}`);
      process.exit(1);
    }
  });
  return child;
}

function spawnWorkers(): void {
  workers = Array.from({ length: WORKERS }, (_, worker) => spawnWorker(worker));
}

/** Waits until `count` reports match, and removes them from the list. */
async function collect<T extends Report['type']>(
  type: T,
  count: number,
  filter: (report: Extract<Report, { type: T }>) => boolean = () => true,
): Promise<Extract<Report, { type: T }>[]> {
  for (;;) {
    const matching = reports.filter(
      (report): report is Extract<Report, { type: T }> =>
        report.type === type && filter(report as Extract<Report, { type: T }>),
    );
    if (matching.length >= count) {
      for (const report of matching) reports.splice(reports.indexOf(report), 1);
      return matching;
    }
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

const tell = (command: Command, only?: number) =>
  workers.forEach((child, i) => {
    if (only === undefined || only === i) child.send(command);
  });

async function stopWorkers(): Promise<void> {
  await Promise.all(
    workers.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.removeAllListeners('exit');
          child.once('exit', () => resolve());
          child.send({ type: 'exit' } satisfies Command);
        }),
    ),
  );
}

try {
  // 1. Today: every worker indexes the catalogue on its own (in-process embedding cache only).
  spawnWorkers();
  tell({ type: 'start', shared: false });
  const alone = await collect('started', WORKERS);
  const aloneTexts = embeddings.counts();
  await stopWorkers();

  // 2. With Redis: the four start at once; one builds, the others restore its snapshot.
  embeddings.reset();
  await admin.flushall();
  spawnWorkers();
  tell({ type: 'start', shared: true });
  const shared = await collect('started', WORKERS);
  const sharedTexts = embeddings.counts();

  // 3. One worker restarting while the others idle, in turns: restore from Redis, index alone
  // (embedding everything again), index with every embedding already in Redis.
  const restarts: Extract<Report, { type: 'restarts' }>[] = [];
  for (let worker = 0; worker < WORKERS; worker++) {
    tell({ type: 'restarts', repeats: RESTARTS }, worker);
    restarts.push(...(await collect('restarts', 1)));
  }
  const restoreMs = restarts.flatMap((report) => report.restoreMs);
  const restartAloneMs = restarts.flatMap((report) => report.aloneMs);
  const indexWarmMs = restarts.flatMap((report) => report.warmMs);
  const restoreCpu = median(restarts.flatMap((report) => report.restoreCpuMs));
  const aloneCpu = median(restarts.flatMap((report) => report.aloneCpuMs));

  // 3b. Processes started afresh, one at a time while the workers idle: each starts once,
  // restoring or indexing alone, with nothing compiled or warmed yet, as every new pod or
  // function does. Both sides of a cold start, measured alike.
  let spawned = WORKERS;
  const freshStart = async (shared: boolean): Promise<number> => {
    const id = spawned++;
    const fresh = spawnWorker(id);
    fresh.send({ type: 'start', shared } satisfies Command);
    const [started] = await collect('started', 1, (report) => report.worker === id);
    const expected = shared ? 'restored' : 'indexed alone';
    if (started!.source !== expected) throw new Error(`fresh process ${id}: ${started!.source}`);
    await new Promise<void>((resolve) => {
      fresh.removeAllListeners('exit');
      fresh.once('exit', () => resolve());
      fresh.send({ type: 'exit' } satisfies Command);
    });
    return started!.ms;
  };
  const freshMs: number[] = [];
  const freshAloneMs: number[] = [];
  for (let i = 0; i < FRESH; i++) {
    freshMs.push(await freshStart(true));
    freshAloneMs.push(await freshStart(false));
  }

  // 4. Catalogue sync: a tool added on one worker, until it is selectable on all four.
  tell({ type: 'follow' });
  await collect('following', WORKERS);
  embeddings.reset();
  const latencies: number[] = [];
  const toStream: number[] = [];
  const fromStream: number[] = [];
  const added: { name: string; description: string }[] = [];
  for (let i = 0; i < ADDS; i++) {
    const tool = {
      name: `added_tool_${i}`,
      description: `Files expense report ${i} in ledger ${i * 7}`,
    };
    added.push(tool);
    tell({ type: 'add', ...tool }, i % WORKERS);
    const [origin] = await collect('added', 1, (report) => report.name === tool.name);
    const others = await collect('applied', WORKERS, (report) => report.name === tool.name); // every worker, the origin included, applies its entry from the stream
    const selectable = others
      .filter((report) => report.worker !== origin!.worker)
      .map((report) => report.at);
    latencies.push(Math.max(origin!.at, ...selectable) - origin!.startAt);
    // Where the time went: until the entry was in the stream (the origin embedding and adding
    // it), then until the slowest other worker had applied it.
    const appended = others[0]!.addedAt;
    toStream.push(appended - origin!.startAt);
    fromStream.push(Math.max(...selectable) - appended);
  }
  const addTexts = embeddings.counts();
  tell({ type: 'verify', tools: added.slice(-10) });
  const verified = await collect('verified', WORKERS);
  await stopWorkers();

  const builder = shared.find((report) => report.source === 'indexed');
  const aloneMedian = median(alone.map((report) => report.ms));
  const restoreMedian = median(restoreMs);
  const restartAloneMedian = median(restartAloneMs);
  console.log(`## @shortlist/redis fleet figures

${WORKERS} worker processes, ${TOOLS.toLocaleString('en')} synthetic tools (@shortlist/bench, seed 1), pipeline \`pipe(bm25(), semantic(cached(openai 3-small/256))).fuse(rrf())\`, a local OpenAI-format embeddings server on 127.0.0.1 (no artificial latency), redis-server ${(await admin.info('server')).match(/redis_version:(\S+)/)?.[1]} on loopback; ${availableParallelism()} CPUs (1-minute load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end: other work shares them), Node ${process.version}.

| figure | measured | goal |
|---|---|---|
| texts embedded, each worker alone (baseline) | ${aloneTexts.texts.toLocaleString('en')} in ${aloneTexts.requests} requests (${aloneTexts.distinct.toLocaleString('en')} distinct) | — |
| texts embedded, four workers sharing Redis | ${sharedTexts.texts.toLocaleString('en')} in ${sharedTexts.requests} requests (${sharedTexts.distinct.toLocaleString('en')} distinct) | each once |
| fleet start, all four at once, each indexing alone (median) | ${ms(aloneMedian)} | — |
| fleet start, all four at once, sharing Redis: builder / the three restoring after it | ${ms(builder?.ms ?? Number.NaN)} / ${shared
    .filter((r) => r !== builder)
    .map((r) => ms(r.ms))
    .join(', ')} | — |
| one worker restarting, indexing alone (baseline, median of ${restartAloneMs.length}) | ${ms(restartAloneMedian)} | — |
| one worker restarting, restoring from Redis (median of ${restoreMs.length}) | ${ms(restoreMedian)}: **${pairedSpeedup(restoreMs, restartAloneMs).toFixed(1)}×** faster than indexing alone (median of the ${restoreMs.length} pairs' ratios; ratio of the medians ${(restartAloneMedian / restoreMedian).toFixed(1)}×; each: ${restoreMs.map((value) => value.toFixed(0)).join(', ')} ms) | ≥ 10× |
| the same, in the restarting worker's own CPU time (median; indexing alone also keeps the embeddings server busy, not counted) | restore ${ms(restoreCpu)}, indexing alone ${ms(aloneCpu)}: ${(aloneCpu / restoreCpu).toFixed(1)}× less | — |
| a process started afresh restoring, its first restore (median of ${freshMs.length}, one at a time) | ${ms(median(freshMs))} (each: ${freshMs.map((value) => value.toFixed(0)).join(', ')} ms); against a restarting worker's indexing alone, which runs compiled code in a grown heap (not like for like): ${(restartAloneMedian / median(freshMs)).toFixed(1)}× | — |
| a process started afresh indexing alone (median of ${freshAloneMs.length}, alternating with the row above): the cold-start baseline | ${ms(median(freshAloneMs))}: a fresh restore is **${pairedSpeedup(freshMs, freshAloneMs).toFixed(1)}×** faster (median of the ${freshMs.length} pairs' ratios; ratio of the medians ${(median(freshAloneMs) / median(freshMs)).toFixed(1)}×; each: ${freshAloneMs.map((value) => value.toFixed(0)).join(', ')} ms) | ≥ 10× |
| one worker restarting, indexing with every embedding already in Redis (median of ${indexWarmMs.length}) | ${ms(median(indexWarmMs))}: restore is ${(median(indexWarmMs) / restoreMedian).toFixed(1)}× faster | — |
| where a restore's time goes (median over workers) | ${Object.keys(restarts[0]!.parts)
    .map((part) => `${part} ${ms(median(restarts.map((report) => report.parts[part]!)))}`)
    .join(', ')} | — |
| add on one worker → selectable on all ${WORKERS} (${ADDS} adds) | p50 ${ms(median(latencies))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(Math.max(...latencies))} | p99 ≤ 100 ms |
| of which: until the change is in the stream (origin embeds, adds, publishes) / from the stream until the slowest other worker applied it | p50 ${ms(median(toStream))} / ${ms(median(fromStream))}, p99 ${ms(quantile(toStream, 0.99))} / ${ms(quantile(fromStream, 0.99))} (Redis stamps entries to the millisecond) | — |
| texts embedded for the ${ADDS} adds | ${addTexts.texts} | each once |
| last 10 added tools found by select on each worker | ${verified.map((report) => `${report.found}/${report.of}`).join(', ')} | all |
`);
} finally {
  for (const child of workers) if (child.exitCode === null) child.kill();
  admin.disconnect();
  await embeddings.close();
  await redisServer.stop();
}
