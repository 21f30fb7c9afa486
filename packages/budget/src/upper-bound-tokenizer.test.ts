import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InvalidArgumentError } from '@shortlist/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bytePairCount, MAX_MERGED_BYTES } from './byte-pair-count.js';
import { gptTokenizer } from './gpt-tokenizer.js';
import { benchmarkFolders, readBenchmarkTools } from './test-benchmark-tools.js';
import type { TokenCounter, TokenEncoding } from './token-counter.js';
import { type DefinitionFormat, definitionText } from './tool-definition.js';
import { upperBoundTokenizer } from './upper-bound-tokenizer.js';

const base64 = (seed: number, bytes: number): string => {
  const data = new Uint8Array(bytes);
  for (let i = 0, x = seed; i < bytes; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    data[i] = x >>> 24;
  }
  return Buffer.from(data).toString('base64');
};

/** Text chosen to make tokenizers split finely: scripts, emoji, digits, encodings, odd spacing. */
const adversarial: readonly string[] = [
  '',
  ' ',
  'a',
  'お誕生日おめでとう',
  '的一是不了人我在有他这'.repeat(40),
  '東京都渋谷区神南1-2-3 ビル４Ｆ　（全角スペース）',
  '한국어 텍스트와 숫자 12345',
  'Привет, мир! Ёжик в тумане — 1999 г.',
  'مرحبا بالعالم، هذا نص عربي',
  'שלום עולם',
  'नमस्ते दुनिया, यह हिंदी है',
  'สวัสดีชาวโลก',
  'ሰላም ዓለም',
  'Z̷̢̛̰̈́a̸̡͎̓l̵̰̇g̶̣̈́o̴̙͐ t̶̪̆ë̵́ͅx̷̨̛t̸̰̾',
  'e\u0301\u0302\u0303\u0304 combining marks \u200b\u200c\u200d zero widths',
  '😀😃😄😁😆🥹🤣😂🙂🙃🫠😉😊😇',
  '👨‍👩‍👧‍👦 👩🏽‍💻 🏳️‍🌈 🇫🇷🇯🇵🇺🇸 ❤️‍🔥 🧑🏿‍🦯‍➡️',
  '3141592653589793238462643383279502884197169399375105820974944592307816406286',
  '0.000000000000000000000001234e-308 -9007199254740993 1e+21 0x7fffffffffffffff',
  '１２３４５６７８９０ ٠١٢٣٤٥٦٧٨٩ ०१२३४५६७८९',
  base64(1, 3000),
  `data:image/png;base64,${base64(2, 600)}`,
  'deadbeefcafebabe0123456789abcdef'.repeat(20),
  '-----BEGIN PGP SIGNATURE-----\niQIzBAEBCgAdFiEE\n=ab12\n-----END PGP SIGNATURE-----',
  ' '.repeat(300),
  '\t\t\n\n\r\n   \n\t x \u00a0\u2003\u3000',
  '!!!!!!????....,,,,;;;;::::----____====++++****&&&&%%%%$$$$####@@@@',
  '<|endoftext|><|im_start|>system<|im_end|><|fim_prefix|>',
  'https://example.com/a/b?c=d&e=%E2%9C%93#frag user@example.org',
  'const f = (x) => { return x?.y ?? [0, 1, 2].map((z) => z ** 2); };',
  '{"type":"object","properties":{"a":{"type":"string","enum":["x","y"]}}}',
  '\ud800 lone \udfff surrogates \ud83d',
  '\u0000\u0001\u0002\u001f\u007f control',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'xqzjvkwpfhgbmcdlrtns'.repeat(10),
  'ThisIsAVeryLongCamelCaseIdentifierWithoutAnySpacesAtAllInItsNameOkay',
  "I'd've don't WON'T y'all's it'S",
];

const formats: readonly DefinitionFormat[] = ['openai-chat', 'anthropic'];

// Every benchmark definition counted four times: seconds on a quiet machine, more on a busy one.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

describe.each(['o200k_base', 'cl100k_base'] as const)('upperBoundTokenizer with %s', (encoding) => {
  let bound: TokenCounter;
  let exact: TokenCounter;
  beforeAll(async () => {
    bound = await upperBoundTokenizer({ encoding });
    exact = await gptTokenizer({ encoding });
  });

  it('reports its encoding and counts nothing as nothing', () => {
    expect(bound.encoding).toBe(encoding);
    expect(bound.count('')).toBe(0);
  });

  it('never counts fewer tokens than gpt-tokenizer on any benchmark tool definition', () => {
    let exactTotal = 0;
    let boundTotal = 0;
    const under: string[] = [];
    for (const folder of benchmarkFolders) {
      for (const tool of readBenchmarkTools(folder)) {
        for (const format of formats) {
          const text = definitionText(tool, format);
          const [e, b] = [exact.count(text), bound.count(text)];
          if (b < e) under.push(`${folder}/${tool.name} ${format}: ${b} < ${e}`);
          exactTotal += e;
          boundTotal += b;
        }
      }
    }
    expect(under).toEqual([]);
    // A bound is only useful if it is close: within a fifth of the exact total.
    expect(boundTotal / exactTotal).toBeGreaterThan(1);
    expect(boundTotal / exactTotal).toBeLessThan(1.2);
  });

  it.each(adversarial.map((text) => [text.slice(0, 40), text]))(
    'never under-counts adversarial text: %s',
    (_, text) => {
      expect(bound.count(text)).toBeGreaterThanOrEqual(exact.count(text));
    },
  );

  it('never under-counts random text of any script, emoji or bytes', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: fc.constantFrom(...'0123456789.,-+e '), maxLength: 60 }),
      fc.string({
        unit: fc.constantFrom(...'的一是不了人我在有他这お誕生日😀👩🏽‍💻🇫🇷'),
        maxLength: 30,
      }),
      fc.base64String({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const text = pieces.join(' ');
        return bound.count(text) >= exact.count(text);
      }),
      { numRuns: 300, seed: 25 },
    );
  });

  it('counts a piece too long to merge as one token a byte, still never under', () => {
    const word = 'internationalization'.repeat(200);
    expect(bound.count(word)).toBe(word.length);
    expect(bound.count(word)).toBeGreaterThanOrEqual(exact.count(word));
  });
});

describe('bytePairCount', () => {
  /** The whole vocabulary of an encoding, from gpt-tokenizer's data file. */
  const fullRanks = (encoding: TokenEncoding): Map<string, number> => {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve('gpt-tokenizer/package.json'));
    const ranks = new Map<string, number>();
    for (const line of readFileSync(join(root, 'data', `${encoding}.tiktoken`), 'utf8').split(
      '\n',
    )) {
      const [token, rank] = line.split(' ');
      if (token) ranks.set(Buffer.from(token, 'base64').toString('latin1'), Number(rank));
    }
    return ranks;
  };

  it.each(['o200k_base', 'cl100k_base'] as const)(
    'with all of %s merges exactly as gpt-tokenizer, so fewer ranks can only count more',
    async (encoding) => {
      const ranks = fullRanks(encoding);
      const exact = await gptTokenizer({ encoding });
      const { pattern } = await import(
        encoding === 'o200k_base'
          ? './vocabulary/o200k-base-head.js'
          : './vocabulary/cl100k-base-head.js'
      );
      const count = (text: string): number => {
        let tokens = 0;
        for (const [piece] of text.matchAll(new RegExp(pattern, 'gu'))) {
          tokens += bytePairCount(Buffer.from(piece).toString('latin1'), ranks);
        }
        return tokens;
      };
      const texts = [
        ...readBenchmarkTools('bfcl')
          .slice(0, 400)
          .map((tool) => definitionText(tool, 'openai-chat')),
        ...adversarial.filter((text) => Buffer.byteLength(text) <= MAX_MERGED_BYTES),
      ];
      expect(texts.filter((text) => count(text) !== exact.count(text))).toEqual([]);
    },
  );

  it('counts an empty piece as nothing and a one-byte piece as one token', () => {
    expect(bytePairCount('', new Map())).toBe(0);
    expect(bytePairCount('x', new Map())).toBe(1);
    expect(bytePairCount('abc', new Map())).toBe(3);
    expect(bytePairCount('abc', new Map([['bc', 0]]))).toBe(2);
    // Lowest rank first: once b joins c, neither ab nor cd can form.
    expect(
      bytePairCount(
        'abcd',
        new Map([
          ['bc', 0],
          ['ab', 1],
          ['cd', 2],
        ]),
      ),
    ).toBe(3);
    expect(
      bytePairCount(
        'abcd',
        new Map([
          ['ab', 0],
          ['cd', 1],
          ['bc', 2],
        ]),
      ),
    ).toBe(2);
    expect(bytePairCount('abcd', new Map([['abcd', 9]]))).toBe(1);
  });
});

describe('upperBoundTokenizer options', () => {
  it('rejects an encoding it does not know, naming the choices', async () => {
    const failure = upperBoundTokenizer({ encoding: 'p50k_base' as TokenEncoding });
    await expect(failure).rejects.toSatisfy(InvalidArgumentError.isInstance);
    await expect(failure).rejects.toThrow(
      "upperBoundTokenizer(options.encoding) must be 'o200k_base' or 'cl100k_base', got \"p50k_base\"",
    );
  });
});
