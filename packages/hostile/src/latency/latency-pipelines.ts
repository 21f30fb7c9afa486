import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { memoryExampleStore, type Pipeline, pipe, semantic } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { intent } from '@shortlist/intent-knn';
import { lexical } from '@shortlist/lexical';
import { orama } from '@shortlist/orama';
import { lexicalEmbedder, tfidf } from '@shortlist/tfidf';
import { benchmarkTools } from './latency-catalogue.js';

/** One example per benchmark tool of the first 1,000, phrased as its description: intent's. */
const taughtExamples = benchmarkTools
  .slice(0, 1_000)
  .map((tool) => ({ query: tool.description.slice(0, 200) || tool.name, tool: tool.name }));

/**
 * 10,000 examples a learning pipeline is taught before it is timed (issue 37's goal holds with
 * them): each benchmark tool's description, then its name's words with the description's start.
 */
export const learntExamples = Array.from({ length: 10_000 }, (_, i) => {
  const tool = benchmarkTools[i % benchmarkTools.length]!;
  const words = tool.name.replace(/[_\W]+/g, ' ');
  const query =
    i < benchmarkTools.length
      ? tool.description.slice(0, 200) || tool.name
      : `${words} ${tool.description.slice(0, 100)}`;
  return { query, tool: tool.name };
});

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
