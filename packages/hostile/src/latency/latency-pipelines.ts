import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { memoryExampleStore, type Pipeline, pipe, semantic } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { intent } from '@shortlist/intent-knn';
import { lexical } from '@shortlist/lexical';
import { orama } from '@shortlist/orama';
import { lexicalEmbedder, tfidf } from '@shortlist/tfidf';
import { benchmarkTools } from './latency-catalogue.js';

/** One example per benchmark tool of the first 1,000, phrased as its description. */
export const taughtExamples = benchmarkTools
  .slice(0, 1_000)
  .map((tool) => ({ query: tool.description.slice(0, 200) || tool.name, tool: tool.name }));

/**
 * Every shipped pipeline, as a user would build it. The embedder is local (`lexicalEmbedder`),
 * so semantic and intent are timed without a remote embedding call.
 */
export function shippedPipelines(): Record<string, () => Pipeline> {
  const embedder = lexicalEmbedder({ dimensions: 256 });
  return {
    'lexical()': () => lexical(),
    'lexical({ examples })': () => lexical({ examples: memoryExampleStore() }),
    bm25: () => pipe(bm25()),
    tfidf: () => pipe(tfidf()),
    orama: () => pipe(orama()),
    semantic: () => pipe(semantic({ embedder })),
    intent: () => pipe(intent({ embedder, examples: taughtExamples, toolText: true })),
    'bm25+tfidf rrf budget': () => pipe(bm25(), tfidf()).fuse(rrf()).pack(budget(4000)),
  };
}
