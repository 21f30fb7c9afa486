import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { pipe } from '@shortlist/core';
import { createOpenAIEmbedder } from '@shortlist/embed-openai';
import { badSelection, namesOf, ordinaryTools } from '../catalogue.js';
import { startFaultServer } from '../fault-server.js';
import type { HostileCase } from '../hostile-case.js';

const long: [string, string][] = [
  ['80,000 letters without a space', 'x'.repeat(80_000)],
  ['240,000 letters without a space', 'ab'.repeat(120_000)],
  ['30,000 CJK characters without punctuation', '的一是不了人我在有他这'.repeat(2_728)],
  ['50,000 punctuation marks', '-!'.repeat(25_000)],
  ['2,000,000 spaces', ' '.repeat(2_000_000)],
];

/** Item 2: tools whose text is one enormous pre-token, packed; and a huge query embedded. */
export const tokenCases: HostileCase[] = [
  ...long.map(
    ([label, text]): HostileCase => ({
      item: 2,
      name: `budget packs a tool of ${label}`,
      wants: 'answer',
      run: async () => {
        const tools = [...ordinaryTools, { name: 'huge', description: `email ${text}` }];
        return (await pipe(bm25()).pack(budget(4000)).index(tools)).select('email', { limit: 10 });
      },
      check: (answer) => {
        const dropped = (answer as { dropped: { name: string; reason: string }[] }).dropped;
        if (namesOf(answer).includes('huge')) return 'a tool larger than the budget was kept';
        if (!dropped.some((d) => d.name === 'huge' && d.reason === 'larger-than-budget')) {
          return 'the huge tool was not dropped as larger-than-budget';
        }
        return badSelection(
          answer,
          ordinaryTools.map((t) => t.name),
          10,
        );
      },
    }),
  ),
  ...[160_000, 1_000_000].map(
    (length): HostileCase => ({
      item: 2,
      name: `the OpenAI embedder truncates a ${length.toLocaleString('en')}-character query`,
      wants: 'answer',
      run: async () => {
        const server = await startFaultServer();
        try {
          const embedder = createOpenAIEmbedder({
            apiKey: 'sk-hostile-test-key',
            baseURL: server.openaiURL,
            dimensions: 8,
            onWarning: () => undefined,
          });
          return await embedder.doEmbed(['q'.repeat(length)]);
        } finally {
          await server.close();
        }
      },
      check: (answer) =>
        (answer as { embeddings: Float32Array[] }).embeddings[0]?.length === 8
          ? undefined
          : 'no 8-dimensional vector',
    }),
  ),
];
