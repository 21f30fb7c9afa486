// Build step: what a `select` on the bundled sample catalogue would compute at every start,
// computed once: the definitions' token counts (both encodings, keyed by text digest) and the
// lexical rankers' snapshot (core's picker container, `dist/sample.snapshot`). Both record the
// fingerprint of the catalogue file they were made from and apply only to a file with the same
// one, so a stale file only costs the work it saved.
import { writeFile } from 'node:fs/promises';
import { sampleFingerprint, sampleTools } from '../dist/sample-data.js';
import { sampleSnapshots, writeSampleSnapshot } from '../dist/sample-snapshot.js';
import { recordTokenCounts, tokenCountCachePath } from '../dist/token-count-cache.js';

const tools = await sampleTools();
const catalogue = sampleFingerprint(tools);
const encodings = {};
for (const encoding of ['o200k_base', 'cl100k_base']) {
  encodings[encoding] = await recordTokenCounts(tools, encoding);
}
await writeFile(
  tokenCountCachePath,
  `${JSON.stringify({ version: 4, format: 'openai-chat', catalogue, encodings })}\n`,
);
await writeSampleSnapshot(tools, catalogue, sampleSnapshots());
