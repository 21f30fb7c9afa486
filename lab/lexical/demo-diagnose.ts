/**
 * Each ranker's top tools for the demo's sample requests over the CLI's sample catalogue, and
 * the fused picks: what decides the first pick. Run: pnpm lab lab/lexical/demo-diagnose.ts
 */
import { pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { lexical, lexicalRankers } from '@shortlist/lexical';
import { sampleQueries as queries, sampleTools as tools } from './variant-runs.js';

const only = process.argv.slice(2);
const raw = await pipe(...lexicalRankers())
  .fuse(rrf())
  .index(tools);
const fused = await lexical({ maxTokens: false }).index(tools);
for (const query of only.length > 0 ? only : queries) {
  console.log(`\n## ${query}`);
  for (const source of await raw.rankings(query, { limit: 40 })) {
    const top = source.ranking.slice(0, 4).map((e) => `${e.name} ${e.score.toFixed(3)}`);
    console.log(`  ${source.rankerId.padEnd(8)} ${top.join(' | ')}`);
  }
  const { picks } = await fused.select(query, { limit: Number(process.env.TOP ?? 3) });
  console.log(`  fused    ${picks.map((p) => `${p.name} ${p.score.toFixed(3)}`).join(' | ')}`);
}
