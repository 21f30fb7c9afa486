/**
 * One worker process of the figures run: indexes or restores the shared 10,000-tool catalogue,
 * then follows catalogue changes, reporting timings to the coordinator over IPC.
 */
import { generateDefinitions } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import { cached, memoryStore, type Picker, pipe, semantic } from '@shortlist/core';
import { createOpenAIEmbedder } from '@shortlist/embed-openai';
import { rrf } from '@shortlist/fusion';
import { type CatalogueSync, redisStore, restoreOrIndex, syncCatalogue } from '@shortlist/redis';
import { type Command, type Report, wallClock } from './messages.js';
import { restoreInPhases } from './snapshot-read-phases.js';

const worker = Number(process.env.WORKER);
const redis = process.env.REDIS_URL!;
const send = (report: Report) => process.send!(report);
const tools = generateDefinitions({ size: Number(process.env.TOOLS), seed: 1 });
const embedder = createOpenAIEmbedder({
  apiKey: 'figures',
  baseURL: process.env.EMBED_URL!,
  model: 'text-embedding-3-small',
  dimensions: 256,
});
const configuration = { bm25: 'defaults', embedder: 'text-embedding-3-small/256' };
let store: ReturnType<typeof redisStore> | undefined;
let picker: Picker | undefined;
let sync: CatalogueSync | undefined;
/** Commands run one after another, in the order they arrive. */
let queue: Promise<void> = Promise.resolve();

const pipelineWith = (shared: boolean) => {
  if (shared) store ??= redisStore({ redis });
  const embeddings = cached(embedder, {
    store: shared ? store! : memoryStore({ maxEntries: 100_000 }),
  });
  return pipe(bm25(), semantic({ embedder: embeddings })).fuse(rrf());
};

/** Where a restore's time goes: the same steps as restoreOrIndex, timed one by one. */
async function restoreParts(): Promise<Record<string, number>> {
  (globalThis as { gc?: () => void }).gc?.();
  // As restoreOrIndex does: the read runs while the catalogue is digested.
  return restoreInPhases(pipelineWith(true), configuration, tools, redis, { whole: true });
}

async function handle(command: Command): Promise<void> {
  switch (command.type) {
    case 'start': {
      const started = performance.now();
      const result = command.shared
        ? await restoreOrIndex(pipelineWith(true), tools, { redis, configuration })
        : { picker: await pipelineWith(false).index(tools), source: 'indexed alone' };
      picker = result.picker;
      send({
        type: 'started',
        worker,
        ms: performance.now() - started,
        source: result.source,
        size: picker.size,
      });
      return;
    }
    case 'restarts': {
      // A restart of this worker while the others idle, three ways, in turns.
      const restoreMs: number[] = [];
      const aloneMs: number[] = [];
      const warmMs: number[] = [];
      const restoreCpuMs: number[] = [];
      const aloneCpuMs: number[] = [];
      const time = async (run: () => Promise<Picker>, into: number[], cpuInto?: number[]) => {
        // Every way starts from a collected heap, as a freshly started process would, so none
        // pays for the garbage of the run before it.
        (globalThis as { gc?: () => void }).gc?.();
        const started = performance.now();
        const cpu = process.cpuUsage();
        const restarted = await run();
        into.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        cpuInto?.push((used.user + used.system) / 1000);
        restarted.dispose();
      };
      for (let i = 0; i < command.repeats; i++) {
        await time(
          async () => {
            const restored = await restoreOrIndex(pipelineWith(true), tools, {
              redis,
              configuration,
            });
            if (restored.source !== 'restored') throw new Error('expected a restore');
            return restored.picker;
          },
          restoreMs,
          restoreCpuMs,
        );
        await time(() => pipelineWith(false).index(tools), aloneMs, aloneCpuMs);
        await time(() => pipelineWith(true).index(tools), warmMs);
      }
      send({
        type: 'restarts',
        worker,
        restoreMs,
        aloneMs,
        warmMs,
        restoreCpuMs,
        aloneCpuMs,
        parts: await restoreParts(),
      });
      return;
    }
    case 'follow': {
      sync = syncCatalogue(picker!, {
        redis,
        onApplied: ({ id, names }) => {
          // The entry id's first part is Redis's clock (this machine's) when it was appended.
          const addedAt = Number(id.split('-')[0]);
          for (const name of names)
            send({ type: 'applied', worker, name, at: wallClock(), addedAt });
        },
      });
      await sync.caughtUp();
      send({ type: 'following', worker });
      return;
    }
    case 'add': {
      const startAt = wallClock();
      await sync!.add([{ name: command.name, description: command.description, parameters: {} }]);
      send({ type: 'added', worker, name: command.name, startAt, at: wallClock() });
      return;
    }
    case 'verify': {
      let found = 0;
      for (const tool of command.tools) {
        const selection = await picker!.select(tool.description, { limit: 5 });
        if (selection.picks.some((pick) => pick.name === tool.name)) found++;
      }
      send({ type: 'verified', worker, found, of: command.tools.length });
      return;
    }
    case 'exit':
      await sync?.close();
      await store?.close();
      process.exit(0);
  }
}

process.on('message', (command: Command) => {
  queue = queue.then(() => handle(command));
  queue.catch((error) => {
    console.error(`worker ${worker}:`, error);
    process.exit(1);
  });
});
