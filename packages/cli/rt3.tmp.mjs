import { lexical } from '@shortlist/lexical';
import { sampleFingerprint, sampleTools } from '/work/main/packages/cli/dist/sample-data.js';
import {
  readSampleSnapshot,
  sampleSnapshotPath,
} from '/work/main/packages/cli/dist/sample-snapshot.js';

const tools = await sampleTools();
const snaps = readSampleSnapshot(sampleSnapshotPath, sampleFingerprint(tools));
const pipeline = lexical({ maxTokens: false });
const order = process.argv[2] ? process.argv[2].split(',') : pipeline.rankers.map((r) => r.id);
const ts = [];
for (const id of order) {
  const r = pipeline.rankers.find((r) => r.id === id);
  const s = performance.now();
  const snap = snaps[r.id];
  const idx = snap ? await r.doRestore(snap.subarray(16), tools) : await r.doIndex(tools);
  const m = performance.now();
  idx.doRank('send an email', { limit: 40 });
  ts.push(`${r.id} ${(m - s).toFixed(2)} rank ${(performance.now() - m).toFixed(2)}`);
}
console.log(ts.join(' | '));
