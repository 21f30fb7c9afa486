import { describe, expect, it } from 'vitest';
import { randomCatalogue } from './test-catalogue.js';
import { tfidf } from './tfidf.js';

describe('tfidf: a fresh build counts terms straight into the store', () => {
  it('gives the same index, byte for byte, as adding the tools to an empty one', async () => {
    const tools = randomCatalogue(4, 300);
    for (const options of [
      {},
      { sublinearTf: false },
      { fieldWeights: { name: 3, description: 0 } },
    ]) {
      const ranker = tfidf(options);
      const built = await ranker.doIndex(tools);
      const added = await ranker.doIndex([]);
      await added.doAdd!(tools);
      expect(built.doSnapshot!()).toEqual(added.doSnapshot!());
      for (const query of ['list the customer records', 'create an invoice and send it']) {
        expect(built.doRank(query, { limit: 20 })).toEqual(added.doRank(query, { limit: 20 }));
      }
    }
  });
});
