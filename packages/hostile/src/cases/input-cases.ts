import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { pipe, type SelectOptions, semantic, toTools } from '@shortlist/core';
import { intent } from '@shortlist/intent-knn';
import { orama } from '@shortlist/orama';
import { lexicalEmbedder } from '@shortlist/tfidf';
import { namesOf, ordinaryTools } from '../catalogue.js';
import type { HostileCase } from '../hostile-case.js';

const [canonical] = toTools([{ name: 'send', description: 'Send' }]);
// biome-ignore lint/suspicious/noSparseArray: holes are the attack
const sparseTools = [ordinaryTools[0], , ordinaryTools[1]];
// biome-ignore lint/suspicious/noSparseArray: holes are the attack
const sparseExamples = [
  { query: 'mail', tool: 'send_email' },
  ,
  { query: 'x', tool: 'send_email' },
];

/** Indexes the ordinary tools with bm25 and selects with `options`. */
const selectWith = (options: unknown) => async () =>
  (await pipe(bm25()).index(ordinaryTools)).select('email', options as SelectOptions);

const word = (i: number): string => {
  let text = '';
  for (let n = i + 26 * 27; n > 0; n = Math.floor(n / 26))
    text += String.fromCharCode(97 + (n % 26));
  return `zq${text}`;
};

/** Items 8 and 10: the smaller gaps, each once. */
export const inputCases: HostileCase[] = [
  {
    item: 8,
    name: 'orama indexing a tool with 50,000 distinct parameter names',
    wants: 'answer',
    run: async () => {
      const properties = Object.fromEntries(
        Array.from({ length: 50_000 }, (_, i) => [word(i), { type: 'string' }]),
      );
      const tools = [
        ...ordinaryTools,
        { name: 'wide', description: 'wide', parameters: { type: 'object', properties } },
      ];
      return (await pipe(orama()).index(tools)).select(word(31_337), { limit: 3 });
    },
    check: (answer) => (namesOf(answer)[0] === 'wide' ? undefined : 'the wide tool was not found'),
  },
  ...[
    [
      'a canonical tool with a blank name',
      () => pipe(bm25()).index([{ ...canonical!, name: ' ' }]),
    ],
    ['a sparse tools array', () => pipe(bm25()).index(sparseTools)],
    [
      'intent() with a sparse examples array',
      () => intent({ examples: sparseExamples as never, embedder: lexicalEmbedder() }).doIndex([]),
    ],
    ['select(q, null)', selectWith(null)],
    ['select(q, { overFetch: Infinity })', selectWith({ overFetch: Number.POSITIVE_INFINITY })],
    ['select(q, { limit: NaN })', selectWith({ limit: Number.NaN })],
    [
      'a TokenCounter that answers NaN',
      async () =>
        (
          await pipe(bm25())
            .pack(budget(100, { tokenizer: { encoding: 'o200k_base', count: () => Number.NaN } }))
            .index(ordinaryTools)
        ).select('email'),
    ],
  ].map(
    ([name, run]): HostileCase => ({
      item: 10,
      name: name as string,
      wants: 'typed-error',
      run: async () => (run as () => Promise<unknown>)(),
    }),
  ),
  {
    item: 10,
    name: 'budget(NaN) names NaN in its message',
    wants: 'answer',
    run: async () => {
      try {
        budget(Number.NaN);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    },
    check: (answer) => (String(answer).startsWith('budget(NaN)') ? undefined : `said: ${answer}`),
  },
  {
    item: 10,
    name: 'a semantic query sharing no word with any tool selects nothing',
    wants: 'answer',
    run: async () =>
      (
        await pipe(semantic({ embedder: lexicalEmbedder({ charNgrams: false }) })).index(
          ordinaryTools,
        )
      ).select('qqqq zzzz'),
    check: (answer) =>
      namesOf(answer).length === 0 ? undefined : `selected ${namesOf(answer).join(', ')}`,
  },
  {
    item: 10,
    name: 'restoring a snapshot after a tool text changed',
    wants: 'answer',
    run: async () => {
      const snapshots = (await pipe(bm25()).index(ordinaryTools)).snapshot();
      const changed = ordinaryTools.map((tool) =>
        tool.name === 'get_weather' ? { ...tool, description: 'Rain and sunshine outlook' } : tool,
      );
      return (await pipe(bm25()).restore(changed, snapshots)).select('sunshine');
    },
    check: (answer) =>
      namesOf(answer)[0] === 'get_weather' ? undefined : 'ranked by the old text',
  },
];
