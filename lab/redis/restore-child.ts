/**
 * One process of restore-profile.ts: builds and stores the snapshot (MODE=build); restores it
 * REPEATS times, each whole (`restoreOrIndex`) then phase by phase (MODE=restore, PHASES=0 for
 * whole only); or replays a figures worker's turns, idling IDLE_MS before each (MODE=sequence).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { generateDefinitions } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import { cached, memoryStore, pipe, semantic } from '@shortlist/core';
import { createOpenAIEmbedder } from '@shortlist/embed-openai';
import { rrf } from '@shortlist/fusion';
import { restoreOrIndex } from '@shortlist/redis';
import { restoreInPhases } from './snapshot-read-phases.js';

const redis = process.env.REDIS_URL!;
const repeats = Number(process.env.REPEATS ?? 3);
const tools = generateDefinitions({ size: Number(process.env.TOOLS ?? 10_000), seed: 1 });
const openai = createOpenAIEmbedder({
  apiKey: 'figures',
  baseURL: process.env.EMBED_URL!,
  model: 'text-embedding-3-small',
  dimensions: 256,
});
const embedder = cached(openai, { store: memoryStore() });
const configuration = { bm25: 'defaults', embedder: 'text-embedding-3-small/256' };
const pipeline = pipe(bm25(), semantic({ embedder })).fuse(rrf());
const gc = (globalThis as { gc?: () => void }).gc!;

async function whole(): Promise<number> {
  const started = performance.now();
  const result = await restoreOrIndex(pipeline, tools, { redis, configuration });
  const ms = performance.now() - started;
  if (result.source !== 'restored') throw new Error(`expected a restore, got ${result.source}`);
  result.picker.dispose();
  return ms;
}

/** Garbage collection time since the last call, from the `gc` performance entries. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });
const gcSince = async () => {
  await new Promise((resolve) => setTimeout(resolve, 1)); // entries are delivered a task later
  const ms = gcMs;
  gcMs = 0;
  return ms;
};

if (process.env.MODE === 'sequence') {
  // The figures worker's order: a start (restore), then restarts: restore, index alone.
  const results: Record<string, number>[] = [];
  await whole();
  for (let i = 0; i < repeats; i++) {
    // Idle first, as a worker waiting for its turn in the figures run is.
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.IDLE_MS ?? 0)));
    gc();
    await gcSince();
    const cpu = process.cpuUsage();
    const restore = await whole();
    const used = process.cpuUsage(cpu);
    const restoreCpu = (used.user + used.system) / 1000;
    const restoreGc = await gcSince();
    gc();
    const started = performance.now();
    const alone = pipe(bm25(), semantic({ embedder: cached(openai, { store: memoryStore() }) }));
    (await alone.fuse(rrf()).index(tools)).dispose();
    results.push({ restore, restoreCpu, restoreGc, alone: performance.now() - started });
  }
  process.send!(results);
} else if (process.env.MODE === 'build') {
  const result = await restoreOrIndex(pipeline, tools, { redis, configuration });
  result.picker.dispose();
  process.send!([]);
} else {
  const results: Record<string, number>[] = [];
  for (let i = 0; i < repeats; i++) {
    gc();
    await gcSince();
    const cpu = process.cpuUsage();
    const total = await whole();
    const used = process.cpuUsage(cpu);
    const wholeGc = await gcSince();
    gc();
    results.push({
      whole: total,
      'its CPU': (used.user + used.system) / 1000,
      'gc in whole': wholeGc,
      ...(process.env.PHASES === '0'
        ? {}
        : await restoreInPhases(pipeline, configuration, tools, redis, { whole: false })),
    });
  }
  process.send!(results);
}
process.disconnect();
