import type { EmbedderV1 } from '@shortlist/core';
import { createHFEmbedder } from './hf-embedder.js';

/**
 * A ready `sentence-transformers/all-MiniLM-L6-v2` embedder (384 dimensions) on the hf-inference
 * provider. It reads `HF_TOKEN` when it first embeds, not at import, and says to set it when missing.
 */
export const hfEmbedder: EmbedderV1 = createHFEmbedder({
  model: 'sentence-transformers/all-MiniLM-L6-v2',
});
