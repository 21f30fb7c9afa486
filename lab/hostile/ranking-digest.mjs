#!/usr/bin/env node
// A digest of bm25's and tfidf's top-50 rankings (names and scores) for every benchmark query, per
// folder: run before and after a change to show rankings stayed bit-identical.
// pnpm lab lab/hostile/ranking-digest.mjs [benchmarks folder]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bm25 } from '@shortlist/bm25';
import { toTools } from '@shortlist/core';
import { tfidf } from '@shortlist/tfidf';
import { benchmarksDir } from '../benchmarks.mjs';

const root = process.argv[2] ?? benchmarksDir;
const lines = (p) =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
for (const folder of ['bfcl', 'metatool', 'sealtools']) {
  const tools = toTools(
    lines(`${root}/${folder}/tools.jsonl`).map((e) => ({
      name: String(e.id),
      description: e.description,
      parameters: e.parameters,
    })),
  );
  const queries = lines(`${root}/${folder}/queries.jsonl`).map((e) => String(e.query));
  for (const [id, ranker] of [
    ['bm25', bm25()],
    ['tfidf', tfidf()],
  ]) {
    const index = await ranker.doIndex(tools);
    const hash = createHash('sha256');
    for (const q of queries)
      for (const e of await index.doRank(q, { limit: 50 })) hash.update(`${e.name}\t${e.score}\n`);
    console.log(folder, id, queries.length, hash.digest('hex').slice(0, 16));
  }
}
