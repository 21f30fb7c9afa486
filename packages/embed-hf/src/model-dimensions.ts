/** Vector length of common sentence-embedding models, so users need not state it. */
export const hfModelDimensions: Readonly<Record<string, number>> = {
  'sentence-transformers/all-MiniLM-L6-v2': 384,
  'sentence-transformers/all-MiniLM-L12-v2': 384,
  'sentence-transformers/all-mpnet-base-v2': 768,
  'sentence-transformers/multi-qa-MiniLM-L6-cos-v1': 384,
  'BAAI/bge-small-en-v1.5': 384,
  'BAAI/bge-base-en-v1.5': 768,
  'BAAI/bge-large-en-v1.5': 1024,
  'intfloat/e5-small-v2': 384,
  'intfloat/e5-base-v2': 768,
  'intfloat/e5-large-v2': 1024,
};
