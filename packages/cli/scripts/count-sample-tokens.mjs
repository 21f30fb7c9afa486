// Build step: counts the bundled sample catalogue's definitions with the real tokenizers and writes
// dist/sample-token-counts.json, so `shortlist select` on the sample loads no tokenizer at start.
import { writeFile } from 'node:fs/promises';
import { sampleTools } from '../dist/sample-data.js';
import { recordTokenCounts, tokenCountCachePath } from '../dist/token-count-cache.js';

const tools = await sampleTools();
const counts = {};
for (const encoding of ['o200k_base', 'cl100k_base']) {
  counts[encoding] = await recordTokenCounts(tools, encoding);
}
await writeFile(
  tokenCountCachePath,
  `${JSON.stringify({ version: 1, format: 'openai-chat', counts })}\n`,
);
