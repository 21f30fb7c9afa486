import type { EmbedderV1 } from '@shortlist/core';
import { createOpenAIEmbedder } from './openai-embedder.js';

/**
 * A ready `text-embedding-3-small` embedder. It reads `OPENAI_API_KEY` when it first embeds,
 * not at import, and rejects with an error saying to set it when it is missing.
 */
export const openaiEmbedder: EmbedderV1 = createOpenAIEmbedder();
