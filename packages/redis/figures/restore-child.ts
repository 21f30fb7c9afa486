/**
 * One process of restore-profile.ts: builds and stores the snapshot (MODE=build), or restores it
 * REPEATS times, each first whole (`restoreOrIndex`) then phase by phase, and reports the times.
 */
import { generateDefinitions } from '@shortlist/bench';
import { bm25 } from '@shortlist/bm25';
import { cached, memoryStore, pipe, semantic, toTools } from '@shortlist/core';
import { createOpenAIEmbedder } from '@shortlist/embed-openai';
import { rrf } from '@shortlist/fusion';
import { Redis } from 'ioredis';
import { restoreOrIndex } from '../src/index.js';
import { decodeEnvelope } from '../src/snapshot-envelope.js';
import { catalogueDigest, configurationDigest, namesDigest } from '../src/snapshot-key.js';

const redis = process.env.REDIS_URL!;
const repeats = Number(process.env.REPEATS ?? 3);
const tools = generateDefinitions({ size: Number(process.env.TOOLS ?? 10_000), seed: 1 });
const embedder = cached(
  createOpenAIEmbedder({
    apiKey: 'figures',
    baseURL: process.env.EMBED_URL!,
    model: 'text-embedding-3-small',
    dimensions: 256,
  }),
  { store: memoryStore() },
);
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

async function phases(): Promise<Record<string, number>> {
  const parts: Record<string, number> = {};
  let started = performance.now();
  const lap = (name: string) => {
    parts[name] = performance.now() - started;
    started = performance.now();
  };
  const canonical = toTools(tools);
  const base = `shortlist:snapshot:${configurationDigest(pipeline, configuration)}:`;
  const pointer = `${base}latest:${namesDigest(canonical)}`;
  lap('toTools');
  const client = new Redis(redis);
  const read = (async () => client.getBuffer(`${base}${await client.get(pointer)}`))();
  const identity = {
    configuration: configurationDigest(pipeline, configuration),
    catalogue: await catalogueDigest(canonical),
  };
  lap('digest');
  const key = `${base}${identity.catalogue}`;
  const bytes = await read;
  client.disconnect();
  lap('GET');
  const snapshots = decodeEnvelope(bytes!, identity, key);
  lap('envelope');
  for (const ranker of pipeline.rankers) {
    const one = await pipe(ranker).restore(
      canonical,
      { [ranker.id]: snapshots[ranker.id]! },
      { catalogueVerified: true },
    );
    lap(ranker.id);
    one.dispose();
  }
  return parts;
}

if (process.env.MODE === 'build') {
  const result = await restoreOrIndex(pipeline, tools, { redis, configuration });
  result.picker.dispose();
  process.send!([]);
} else {
  const results: Record<string, number>[] = [];
  for (let i = 0; i < repeats; i++) {
    gc();
    const total = await whole();
    gc();
    results.push({ whole: total, ...(await phases()) });
  }
  process.send!(results);
}
process.disconnect();
