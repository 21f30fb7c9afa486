import { describe, expect, it } from 'vitest';
import { SharedWords, sharedWords } from './shared-words.js';
import { splitWords } from './split-words.js';

const spanOf = (shared: SharedWords, text: string): string[] => {
  shared.read(text);
  return Array.from(shared.ids.subarray(shared.begin, shared.end), (id) => shared.words.word(id));
};

describe('SharedWords', () => {
  it("gives each text's words, the same span when a text is read again", () => {
    const shared = new SharedWords();
    const texts = [
      'Send an email',
      'getUserProfile HTTPServer',
      '',
      'Größe ändern',
      'send AN email',
    ];
    for (const text of texts) expect(spanOf(shared, text)).toEqual(splitWords(text));
    shared.read('getUserProfile HTTPServer');
    const first = [shared.begin, shared.end];
    for (const text of texts) expect(spanOf(shared, text)).toEqual(splitWords(text));
    shared.read('getUserProfile HTTPServer');
    expect([shared.begin, shared.end]).toEqual(first);
  });

  it('grows past its first arrays without losing a text read before', () => {
    const shared = new SharedWords();
    const texts = Array.from({ length: 3000 }, (_, i) => `word${i} `.repeat(40) + `tail ${i}`);
    for (const text of texts) shared.read(text);
    expect(spanOf(shared, texts[7]!)).toEqual(splitWords(texts[7]!));
    expect(spanOf(shared, texts[2999]!)).toEqual(splitWords(texts[2999]!));
  });
});

describe('sharedWords()', () => {
  it('is one table for a synchronous stretch, and a new one after it', async () => {
    const shared = sharedWords();
    expect(sharedWords()).toBe(shared);
    await Promise.resolve();
    await Promise.resolve();
    expect(sharedWords()).not.toBe(shared);
  });
});
