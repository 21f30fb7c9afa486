/**
 * Restore against indexing at a synthetic catalogue size (the bench package's, seed 1): the
 * lexical() pipeline indexed once, its snapshot taken, then each ranker restored from its part
 * and the whole pipeline restored, three rounds (the first with code not yet compiled).
 * Run: pnpm lab lab/lexical/restore-speed.ts [size]
 */
import { loadavg } from 'node:os';
import { generateCatalogue } from '@shortlist/bench';
import { toTools } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';

const size = Number(process.argv[2] ?? 10_000);
const tools = toTools(generateCatalogue({ size, seed: 1 }));
const pipeline = lexical({ maxTokens: false });
const time = async (run: () => Promise<unknown> | unknown) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

let picker = await pipeline.index(tools);
const indexMs = await time(async () => {
  picker.dispose();
  picker = await pipeline.index(tools);
});
let snapshots: Record<string, Uint8Array> = {};
const snapshotMs = await time(() => {
  snapshots = picker.snapshot();
});
picker.dispose();
const megabytes = Object.values(snapshots).reduce((sum, part) => sum + part.length, 0) / 2 ** 20;
console.log(
  `${size} tools: index ${ms(indexMs)} (second run), snapshot ${ms(snapshotMs)} (${megabytes.toFixed(1)} MB); load average ${loadavg()[0]!.toFixed(2)}`,
);
for (let round = 1; round <= 3; round++) {
  const parts: string[] = [];
  for (const ranker of pipeline.rankers) {
    const part = snapshots[ranker.id]!;
    // The pipeline stamps each part with a 16-byte catalogue digest; a ranker reads what follows.
    parts.push(`${ranker.id} ${ms(await time(() => ranker.doRestore!(part.subarray(16), tools)))}`);
  }
  let restored: { dispose(): void } | undefined;
  const wholeMs = await time(async () => {
    restored = await pipeline.restore(tools, snapshots);
  });
  restored?.dispose();
  console.log(
    `round ${round}: ${parts.join(', ')}; whole pipeline ${ms(wholeMs)} (index ${(indexMs / wholeMs).toFixed(1)}× longer)`,
  );
}
