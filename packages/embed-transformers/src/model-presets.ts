import type { TransformersPooling } from './transformers-embedder-options.js';

/** What a model card asks for: vector length, pooling and the prefixes of queries and documents. */
export interface ModelPreset {
  readonly dimensions?: number;
  readonly pooling: TransformersPooling;
  readonly queryPrefix: string;
  readonly documentPrefix: string;
}

const BGE_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';

/** Model families by a lowercase fragment of the id or folder name; the first match wins. */
const families: readonly (readonly [string, ModelPreset])[] = [
  ['bge-', { pooling: 'cls', queryPrefix: BGE_INSTRUCTION, documentPrefix: '' }],
  ['arctic-embed', { pooling: 'cls', queryPrefix: BGE_INSTRUCTION, documentPrefix: '' }],
  ['e5-', { pooling: 'mean', queryPrefix: 'query: ', documentPrefix: 'passage: ' }],
  [
    'nomic-embed',
    { pooling: 'mean', queryPrefix: 'search_query: ', documentPrefix: 'search_document: ' },
  ],
];

/** Vector lengths of the Hub ids this package names. */
export const transformersModelDimensions: Readonly<Record<string, number>> = Object.freeze({
  'Xenova/bge-small-en-v1.5': 384,
  'Xenova/all-MiniLM-L6-v2': 384,
  'Xenova/e5-small-v2': 384,
  'Snowflake/snowflake-arctic-embed-xs': 384,
  'nomic-ai/nomic-embed-text-v1.5': 768,
});

/** The preset of a model id or folder: its family's conventions, else mean pooling and no prefixes. */
export function modelPreset(model: string): ModelPreset {
  const name = model.toLowerCase().replaceAll('\\', '/').split('/').pop() ?? '';
  const family = families.find(([fragment]) => name.includes(fragment))?.[1];
  const dimensions = transformersModelDimensions[model];
  return {
    ...(family ?? { pooling: 'mean', queryPrefix: '', documentPrefix: '' }),
    ...(dimensions === undefined ? {} : { dimensions }),
  };
}
