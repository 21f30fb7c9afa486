/** Native vector length of the OpenAI embedding models, so users need not state it. */
export const openAIModelDimensions: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/** Models that shorten their vectors when the request carries `dimensions`. */
export function acceptsDimensions(model: string): boolean {
  return model.startsWith('text-embedding-3');
}
