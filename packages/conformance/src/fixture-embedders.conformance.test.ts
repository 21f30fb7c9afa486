import { expect, it } from 'vitest';
import { bagOfWordsEmbedder, countingEmbedder, describeEmbedder } from './index.js';

describeEmbedder('countingEmbedder', { create: () => countingEmbedder() });
describeEmbedder('bagOfWordsEmbedder', { create: () => bagOfWordsEmbedder() });

it('countingEmbedder records each batch and counts its texts', async () => {
  const embedder = countingEmbedder();
  await embedder.doEmbed(['a', 'b']);
  await embedder.doEmbed(['c']);
  expect(embedder.calls).toEqual([['a', 'b'], ['c']]);
  expect(embedder.texts()).toBe(3);
});
