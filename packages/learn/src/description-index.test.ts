import { describe, expect, it } from 'vitest';
import { createDescriptionIndex, type WeightedTerm } from './description-index.js';
import { exampleTerms } from './example-terms.js';

const weighted = (text: string): WeightedTerm[] =>
  exampleTerms(text).map((term) => ({ term, weight: 1 }));
const norm = (terms: readonly WeightedTerm[]) => Math.sqrt(terms.length);
const everyTool = () => true;

describe('createDescriptionIndex()', () => {
  it('finds the descriptions that share the query words, by cosine', () => {
    const index = createDescriptionIndex(() => 1);
    index.describe(0, exampleTerms('send an invoice to a customer'));
    index.describe(1, exampleTerms('post a chat message'));
    index.renorm();
    const query = weighted('send the customer an invoice');
    const near = index.near(query, norm(query), 0.1, everyTool);
    expect(near).toHaveLength(1);
    expect(near[0]!.tool).toBe(0);
    expect(near[0]!.similarity).toBeCloseTo(1, 12);
  });

  it('leaves out tools `known` refuses, similarities below the floor and dropped descriptions', () => {
    const index = createDescriptionIndex(() => 1);
    index.describe(0, exampleTerms('send invoice'));
    index.describe(1, exampleTerms('send chat message now please'));
    index.renorm();
    const query = weighted('send invoice');
    expect(index.near(query, norm(query), 0.1, (tool) => tool !== 0).map((n) => n.tool)).toEqual([
      1,
    ]);
    expect(index.near(query, norm(query), 0.5, everyTool).map((n) => n.tool)).toEqual([0]);
    index.undescribe(0);
    index.renorm();
    expect(index.near(query, norm(query), 0.1, everyTool).map((n) => n.tool)).toEqual([1]);
  });

  it('gives a word in most of the descriptions no weight once there are 20 of them', () => {
    const index = createDescriptionIndex(() => 1);
    for (let tool = 0; tool < 20; tool++) index.describe(tool, ['tool', `word${tool}`]);
    index.renorm();
    const query = [{ term: 'tool', weight: 1 }];
    expect(index.near(query, 1, 0.01, everyTool)).toEqual([]);
  });
});
