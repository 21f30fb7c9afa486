import type { Tool } from '@shortlist/core';
import {
  createTokenizer,
  decodeSnapshot,
  englishStopwords,
  seededRandom,
} from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { asciiTerms, NOT_ASCII, scanAscii } from './ascii-terms.js';
import { bm25 } from './bm25.js';
import { randomCatalogue, tool } from './test-catalogue.js';

const pools = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
  ' _-./:{}()[]\t\n,;!?\'"@#$%^&*+=<>|\\~`',
];
const stopwordRuns = ['the', 'The', 'OF', 'and', 'to', 'A', 'is'];

/** ASCII text mixing case, digits, separators and stopwords, in runs of varied length. */
function randomAscii(next: () => number, length: number): string {
  let text = '';
  while (text.length < length) {
    if (next() < 0.15) {
      text += ` ${stopwordRuns[Math.floor(next() * stopwordRuns.length)]} `;
      continue;
    }
    const pool = pools[Math.floor(next() * pools.length)]!;
    const run = 1 + Math.floor(next() * 5);
    for (let i = 0; i < run; i++) text += pool[Math.floor(next() * pool.length)];
  }
  return text;
}

/** Runs `scan` and reads the keys back as words, as the term store would see them. */
function scanWords(stopwords: ReadonlySet<string>, texts: readonly string[]): string[][] {
  const into = { vocabulary: new Map<string, number>(), terms: [] as string[] };
  const vocabulary = into.terms;
  const table = asciiTerms(stopwords, vocabulary);
  return texts.map((text, field) => {
    const keys = new Uint32Array(text.length);
    const end = scanAscii(table, text, field % 8, keys, 0, into);
    expect(end).not.toBe(NOT_ASCII);
    return Array.from(keys.subarray(0, end), (key) => {
      expect(key % 8).toBe(field % 8);
      return vocabulary[Math.floor(key / 8)]!;
    });
  });
}

describe('asciiTerms', () => {
  it('finds exactly the words of the default chain (split, stopwords dropped) on random ASCII', () => {
    const next = seededRandom(99);
    const texts = Array.from({ length: 4000 }, () => randomAscii(next, Math.floor(next() * 60)));
    const tokenizer = createTokenizer({ stem: false });
    expect(scanWords(englishStopwords, texts)).toEqual(texts.map((text) => tokenizer(text)));
  });

  it('honours a custom stopword list, and none', () => {
    const next = seededRandom(5);
    const texts = Array.from({ length: 1000 }, () => randomAscii(next, Math.floor(next() * 40)));
    const custom = ['get', 'abc', 'x', '7'];
    const withCustom = createTokenizer({ stopwords: custom, stem: false });
    expect(scanWords(new Set(custom), texts)).toEqual(texts.map((text) => withCustom(text)));
    const none = createTokenizer({ stopwords: false, stem: false });
    expect(scanWords(new Set(), texts)).toEqual(texts.map((text) => none(text)));
  });

  it('gives one id to one word however it is cased, and leaves non-ASCII text to the tokenizer', () => {
    const [words] = scanWords(englishStopwords, ['getUserID GET user_id UserId the']);
    expect(words).toEqual(['get', 'user', 'id', 'get', 'user', 'id', 'user', 'id']);
    const table = asciiTerms(englishStopwords, []);
    const into = { vocabulary: new Map<string, number>(), terms: [] };
    expect(scanAscii(table, 'café menu', 0, new Uint32Array(16), 0, into)).toBe(NOT_ASCII);
    expect(into.terms).toEqual([]);
  });
});

/** Tools whose names and texts exercise the scanner: case, acronyms, digits, other scripts. */
function mixedTools(): Tool[] {
  const next = seededRandom(17);
  const base = randomCatalogue(8, 300);
  return base.map((entry, i) => {
    const extra = randomAscii(next, 30);
    const description =
      i % 7 === 0 ? `${entry.description} Größe 東京 ${extra}` : `${entry.description} ${extra}`;
    return tool(`${entry.name}_${i % 3 === 0 ? 'getHTTPStatus' : 'List2Items'}`, description, {
      [`userID${i % 5}`]: { type: 'string', description: randomAscii(next, 20) },
    });
  });
}

/** A snapshot's index (terms, slots, postings), without the fingerprint that names the chain. */
function indexContent(snapshot: Uint8Array) {
  const { meta, arrays } = decodeSnapshot(snapshot, { kind: 'bm25', formatVersion: 1 });
  const { fingerprint: _fingerprint, ...rest } = meta as { fingerprint: string };
  return { meta: rest, arrays };
}

describe('fused ASCII analysis in the index', () => {
  it('builds the same index as the general tokenizer path', async () => {
    const tools = mixedTools();
    const fused = await bm25().doIndex(tools);
    const general = await bm25({ tokenizer: createTokenizer({ stem: false }) }).doIndex(tools);
    expect(indexContent(fused.doSnapshot!())).toEqual(indexContent(general.doSnapshot!()));
  });

  it('stays identical through adds of ASCII and non-ASCII tools and with custom stopwords', async () => {
    const tools = mixedTools();
    const stopwords = ['get', 'list', 'the'];
    const fused = await bm25({ stopwords }).doIndex(tools.slice(0, 150));
    const general = await bm25({
      tokenizer: createTokenizer({ stopwords, stem: false }),
    }).doIndex(tools.slice(0, 150));
    await fused.doAdd!(tools.slice(150));
    await general.doAdd!(tools.slice(150));
    expect(indexContent(fused.doSnapshot!())).toEqual(indexContent(general.doSnapshot!()));
  });

  it('keeps term ids consistent after a restore followed by adds', async () => {
    const tools = mixedTools();
    const ranker = bm25();
    const snapshot = (await ranker.doIndex(tools.slice(0, 200))).doSnapshot!();
    const restored = await ranker.doRestore!(snapshot, tools.slice(0, 200));
    await restored.doAdd!(tools.slice(200));
    const fresh = await ranker.doIndex(tools.slice(0, 200));
    await fresh.doAdd!(tools.slice(200));
    for (const query of ['get http status', 'userID3 list items', 'Größe 東京', 'xq zz 42']) {
      expect(await restored.doRank(query, { limit: 10 })).toEqual(
        await fresh.doRank(query, { limit: 10 }),
      );
    }
  });
});

describe('fused ASCII analysis of queries', () => {
  it('ranks random ASCII queries exactly as the general tokenizer path does', async () => {
    const tools = mixedTools();
    const fused = await bm25().doIndex(tools);
    const general = await bm25({ tokenizer: createTokenizer({ stem: false }) }).doIndex(tools);
    const next = seededRandom(41);
    const words = tools.flatMap((entry) => entry.description.split(' ').slice(0, 3));
    for (let n = 0; n < 300; n++) {
      const query = `${words[Math.floor(next() * words.length)]} ${randomAscii(next, 25)} ${words[Math.floor(next() * words.length)]}`;
      expect(await fused.doRank(query, { limit: 10 })).toEqual(
        await general.doRank(query, { limit: 10 }),
      );
    }
  });
});
