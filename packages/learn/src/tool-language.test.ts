import { describe, expect, it } from 'vitest';
import { createDescriptionIndex } from './description-index.js';
import { exampleTerms } from './example-terms.js';
import { createToolLanguage, type QueryTerm, type ToolVoteEntry } from './tool-language.js';

const terms = (...ids: number[]) => Int32Array.from(ids);
/** The terms of "overdue invoices", as the example memory would hand them over. */
const query: QueryTerm[] = exampleTerms('overdue invoices').map((term, i) => ({
  id: i + 1,
  term,
  weight: 1 + i,
}));
const votes = (): ToolVoteEntry[] => [
  { index: 0, tool: 'billing', vote: 1 },
  { index: 1, tool: 'chat', vote: 1 },
];
const total = (entries: readonly ToolVoteEntry[]) => entries.reduce((sum, e) => sum + e.vote, 0);

describe('createToolLanguage(createDescriptionIndex(() => 1))', () => {
  it('moves vote toward the tool whose examples use the query words, keeping the mass', () => {
    const language = createToolLanguage(createDescriptionIndex(() => 1));
    language.add(0, terms(1, 2));
    language.add(1, terms(3, 4));
    const entries = votes();
    language.reweigh(entries, query, 4);
    expect(total(entries)).toBeCloseTo(2, 12);
    expect(entries[0]!.vote).toBeGreaterThan(1);
    expect(entries[1]!.vote).toBeLessThan(1);
  });

  it('smooths toward a tool’s own description when it has few examples', () => {
    const descriptions = createDescriptionIndex(() => 1);
    const language = createToolLanguage(descriptions);
    descriptions.describe(0, exampleTerms('billing: lists overdue invoices'));
    descriptions.describe(1, exampleTerms('chat: posts a chat message'));
    const entries = votes();
    language.reweigh(entries, query, 4);
    expect(entries[0]!.vote).toBeGreaterThan(entries[1]!.vote);
    descriptions.undescribe(0);
    descriptions.undescribe(1);
    const after = votes();
    language.reweigh(after, query, 4);
    expect(after[0]!.vote).toBeCloseTo(after[1]!.vote, 12);
  });

  it('forgets what remove() takes back, and clear() forgets every example', () => {
    const language = createToolLanguage(createDescriptionIndex(() => 1));
    language.add(0, terms(1, 2));
    language.remove(0, terms(1, 2));
    const entries = votes();
    language.reweigh(entries, query, 4);
    expect(entries[0]!.vote).toBeCloseTo(1, 12);
    expect(entries[1]!.vote).toBeCloseTo(1, 12);
    language.add(0, terms(1, 2));
    language.clear();
    const cleared = votes();
    language.reweigh(cleared, query, 4);
    expect(cleared[0]!.vote).toBeCloseTo(cleared[1]!.vote, 12);
  });

  it('leaves a single vote, or a query with no known term, as it is', () => {
    const language = createToolLanguage(createDescriptionIndex(() => 1));
    language.add(0, terms(1));
    const one = [{ index: 0, tool: 'billing', vote: 0.3 }];
    language.reweigh(one, query, 4);
    expect(one[0]!.vote).toBe(0.3);
    const entries = votes();
    language.reweigh(entries, [], 4);
    expect(entries.map((e) => e.vote)).toEqual([1, 1]);
  });
});
