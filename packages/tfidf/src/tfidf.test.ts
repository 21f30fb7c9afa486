import { CorruptDataError, InvalidArgumentError, pipe, type Tool, toTools } from '@shortlist/core';
import {
  createTokenizer,
  decodeSnapshot,
  encodeSnapshot,
  type RankerIndexV1,
  type Ranking,
  toolFieldNames,
  toolFields,
} from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { randomCatalogue, randomQueries } from './test-catalogue.js';
import { tfidf } from './tfidf.js';
import { defaultTfidfFieldWeights } from './tfidf-options.js';

const rank = async (index: RankerIndexV1, query: string, limit = 10): Promise<Ranking> =>
  await index.doRank(query, { limit });

/** Cosine computed the textbook way from term-count maps, independently of the inverted index. */
function bruteForce(tools: readonly Tool[], sublinear: boolean): (query: string) => Ranking {
  const tokenize = createTokenizer();
  const damp = (c: number): number => (sublinear && c > 1 ? 1 + Math.log(c) : c);
  const counts = tools.map((tool) => {
    const fields = toolFields(tool);
    const bag = new Map<string, number>();
    for (const field of toolFieldNames) {
      for (const term of tokenize(fields[field])) {
        bag.set(term, (bag.get(term) ?? 0) + defaultTfidfFieldWeights[field]);
      }
    }
    return bag;
  });
  const df = new Map<string, number>();
  for (const bag of counts) for (const term of bag.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string): number => Math.log((1 + tools.length) / (1 + df.get(term)!)) + 1;
  const weigh = (bag: Map<string, number>): Map<string, number> => {
    const vector = new Map([...bag].map(([term, c]) => [term, damp(c) * idf(term)] as const));
    const length = Math.sqrt([...vector.values()].reduce((sum, w) => sum + w * w, 0));
    for (const [term, w] of vector) vector.set(term, w / length);
    return vector;
  };
  const vectors = counts.map(weigh);
  return (query) => {
    const bag = new Map<string, number>();
    for (const term of tokenize(query)) if (df.has(term)) bag.set(term, (bag.get(term) ?? 0) + 1);
    if (bag.size === 0) return [];
    const q = weigh(bag);
    return tools
      .map((tool, i) => {
        let dot = 0;
        for (const [term, w] of q) dot += w * (vectors[i]!.get(term) ?? 0);
        return { name: tool.name, score: dot };
      })
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
  };
}

function expectSameScores(actual: Ranking, expected: Ranking): void {
  expect(actual.map((entry) => entry.name)).toEqual(expected.map((entry) => entry.name));
  for (const [i, entry] of actual.entries())
    expect(entry.score).toBeCloseTo(expected[i]!.score, 12);
}

describe('tfidf ranking', () => {
  const tools = randomCatalogue(7, 300);
  const queries = randomQueries(11, 60);

  it.each([true, false])(
    'equals a brute-force cosine over a random catalogue (sublinearTf %s)',
    async (sublinearTf) => {
      const index = await tfidf({ sublinearTf }).doIndex(tools);
      const cosine = bruteForce(tools, sublinearTf);
      for (const query of queries) {
        const expected = cosine(query);
        expectSameScores(await rank(index, query, tools.length), expected);
        expectSameScores(await rank(index, query, 10), expected.slice(0, 10));
      }
    },
  );

  it("returns the exhaustive ranking's top k when pruning skips common terms", async () => {
    const large = randomCatalogue(8, 3000);
    const index = await tfidf().doIndex(large);
    for (const query of randomQueries(12, 200)) {
      const all = await rank(index, query, large.length);
      for (const limit of [1, 5, 10])
        expect(await rank(index, query, limit)).toEqual(all.slice(0, limit));
    }
  });

  it('stays exact when many-term queries (character trigrams) make pruning attempts fail early', async () => {
    const trigrams = (text: string) => {
      const plain = text.toLowerCase().replace(/[^a-z]+/g, ' ');
      return Array.from({ length: Math.max(0, plain.length - 2) }, (_, i) => plain.slice(i, i + 3));
    };
    const large = randomCatalogue(21, 2000);
    for (const maxQueryTerms of [12, 256]) {
      const index = await tfidf({ tokenizer: trigrams, maxQueryTerms }).doIndex(large);
      for (const query of randomQueries(22, 80, 8)) {
        const all = await rank(index, query, large.length);
        for (const limit of [1, 10, 40])
          expect(await rank(index, query, limit)).toEqual(all.slice(0, limit));
      }
    }
  });

  it('stays exact for long queries with repeated words (over 32 distinct terms)', async () => {
    const tools = randomCatalogue(13, 800);
    const index = await tfidf().doIndex(tools);
    const cosine = bruteForce(tools, true);
    const long = randomQueries(14, 40, 200);
    expect(long.some((query) => new Set(query.split(' ')).size > 32)).toBe(true);
    for (const query of long) {
      const expected = cosine(query);
      for (const limit of [1, 10, 50]) {
        expectSameScores(await rank(index, query, limit), expected.slice(0, limit));
      }
    }
  });

  it('scores a tool that repeats the query exactly at cosine 1', async () => {
    const index = await tfidf({ fieldWeights: { name: 0 } }).doIndex(
      toTools([
        { name: 'a', description: 'refund an order' },
        { name: 'b', description: 'ship an order' },
      ]),
    );
    const [best] = await rank(index, 'refund order');
    expect(best?.name).toBe('a');
    expect(best?.score).toBeCloseTo(1, 12);
  });

  it('ranks by field weights: a word in the name outweighs the same word in a parameter description', async () => {
    const catalogue = toTools([
      { name: 'weather', description: 'current conditions' },
      {
        name: 'calendar',
        description: 'current conditions',
        parameters: {
          type: 'object',
          properties: { q: { type: 'string', description: 'weather' } },
        },
      },
    ]);
    const ranking = await rank(await tfidf().doIndex(catalogue), 'weather');
    expect(ranking.map((entry) => entry.name)).toEqual(['weather', 'calendar']);
    const flipped = await tfidf({
      fieldWeights: { name: 0, parameterDescriptions: 1 },
    }).doIndex(catalogue);
    expect((await rank(flipped, 'weather')).map((entry) => entry.name)).toEqual(['calendar']);
  });

  it('breaks score ties by ascending name', async () => {
    const index = await tfidf().doIndex(
      toTools([
        { name: 'zeta', description: 'send email' },
        { name: 'alpha', description: 'send email' },
        { name: 'mid', description: 'send email' },
      ]),
    );
    expect((await rank(index, 'email')).map((entry) => entry.name)).toEqual([
      'alpha',
      'mid',
      'zeta',
    ]);
  });
});

describe('tfidf add and remove', () => {
  const base = randomCatalogue(21, 200);
  const extra = randomCatalogue(22, 40, 'extra').map((tool, i) =>
    i % 2 === 0 ? { ...tool, description: `${tool.description} quasar nebula` } : tool,
  );
  const queries = [...randomQueries(23, 40), 'quasar', 'nebula invoice'];

  it('ranks exactly as before after adding then removing tools', async () => {
    const index = await tfidf().doIndex(base);
    const before = await Promise.all(queries.map((query) => rank(index, query, 50)));
    await index.doAdd!(extra);
    expect(index.size).toBe(240);
    const during = await Promise.all(queries.map((query) => rank(index, query, 50)));
    expect(during).not.toEqual(before);
    await index.doRemove!(extra.map((tool) => tool.name));
    expect(index.size).toBe(200);
    for (const [i, query] of queries.entries())
      expect(await rank(index, query, 50)).toEqual(before[i]);
  });

  it('after adding, ranks like an index built from all the tools at once', async () => {
    const grown = await tfidf().doIndex(base);
    await grown.doAdd!(extra);
    const whole = await tfidf().doIndex([...base, ...extra]);
    for (const query of queries)
      expectSameScores(await rank(grown, query, 30), await rank(whole, query, 30));
  });

  it('after removing, ranks like an index built without those tools', async () => {
    const shrunk = await tfidf().doIndex([...extra, ...base]);
    await shrunk.doRemove!([...extra.map((tool) => tool.name), 'not-a-tool']);
    const direct = await tfidf().doIndex(base);
    for (const query of queries)
      expectSameScores(await rank(shrunk, query, 30), await rank(direct, query, 30));
  });

  it('stays exact through heavy removal, re-adding into freed slots, and a snapshot', async () => {
    const index = await tfidf().doIndex([...base, ...extra]);
    const gone = base.filter((_, i) => i % 3 !== 0);
    await index.doRemove!(gone.map((tool) => tool.name));
    await rank(index, queries[0]!);
    const back = gone.slice(0, 50);
    await index.doAdd!(back);
    const kept = [...base.filter((_, i) => i % 3 === 0), ...extra, ...back];
    const direct = await tfidf().doIndex(kept);
    const restored = await tfidf().doRestore!(index.doSnapshot!(), kept);
    for (const query of queries) {
      const expected = await rank(direct, query, 30);
      expectSameScores(await rank(index, query, 30), expected);
      expectSameScores(await rank(restored, query, 30), expected);
    }
  });

  it('rejects a duplicate name with a typed error and leaves the index unchanged', async () => {
    const index = await tfidf().doIndex(base);
    const before = await rank(index, queries[0]!);
    const duplicate = [extra[0]!, { ...extra[1]!, name: base[3]!.name }];
    await expect(index.doAdd!(duplicate)).rejects.toSatisfy(InvalidArgumentError.isInstance);
    expect(index.size).toBe(200);
    expect(await rank(index, queries[0]!)).toEqual(before);
    await expect(tfidf().doIndex([base[0]!, base[0]!])).rejects.toThrow(/appears twice/);
  });
});

describe('tfidf snapshots', () => {
  const tools = randomCatalogue(31, 150);
  const queries = randomQueries(32, 30);

  it('restores an index that ranks identically, including after add and remove', async () => {
    const ranker = tfidf();
    const index = await ranker.doIndex(tools.slice(0, 120));
    await index.doAdd!(tools.slice(120));
    await index.doRemove!([tools[5]!.name, tools[77]!.name]);
    const remaining = tools.filter((_, i) => i !== 5 && i !== 77);
    const restored = await ranker.doRestore!(index.doSnapshot!(), [...remaining].reverse());
    expect(restored.size).toBe(index.size);
    for (const query of queries)
      expect(await rank(restored, query, 200)).toEqual(await rank(index, query, 200));
    await restored.doAdd!([tools[5]!]);
    await index.doAdd!([tools[5]!]);
    for (const query of queries)
      expect(await rank(restored, query, 20)).toEqual(await rank(index, query, 20));
    // Names a restore has not looked up yet are found by remove and by the duplicate check.
    const again = await ranker.doRestore!(index.doSnapshot!(), [...remaining, tools[5]!]);
    await expect(again.doAdd!([tools[1]!])).rejects.toSatisfy(InvalidArgumentError.isInstance);
    await again.doRemove!([tools[0]!.name]);
    await index.doRemove!([tools[0]!.name]);
    expect(again.size).toBe(index.size);
    for (const query of queries)
      expect(await rank(again, query, 20)).toEqual(await rank(index, query, 20));
  });

  it('rejects corrupted, truncated, foreign and mismatched snapshots with CorruptDataError', async () => {
    const ranker = tfidf();
    const snapshot = (await ranker.doIndex(tools)).doSnapshot!();
    const flipped = snapshot.slice();
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const attempts = [
      flipped,
      snapshot.slice(0, snapshot.length - 16),
      new Uint8Array(0),
      new TextEncoder().encode('{"kind":"tfidf"}'),
    ];
    for (const bytes of attempts) {
      await expect(ranker.doRestore!(bytes, tools)).rejects.toSatisfy(CorruptDataError.isInstance);
    }
    await expect(tfidf({ sublinearTf: false }).doRestore!(snapshot, tools)).rejects.toThrow(
      /other settings/,
    );
    await expect(tfidf({ stopwords: ['x'] }).doRestore!(snapshot, tools)).rejects.toThrow(
      /other settings/,
    );
    await expect(ranker.doRestore!(snapshot, tools.slice(1))).rejects.toThrow(/another catalogue/);
  });

  it('refuses a snapshot taken with a custom tokenizer or stem function that named itself otherwise', async () => {
    const words = (text: string) => text.toLowerCase().split(/\W+/).filter(Boolean);
    const named = (analysis: string) => Object.assign((text: string) => words(text), { analysis });
    const stem = (analysis: string) => Object.assign((word: string) => word, { analysis });
    for (const [make, unnamed] of [
      [(name: string) => tfidf({ tokenizer: named(name) }), tfidf({ tokenizer: words })],
      [(name: string) => tfidf({ stem: stem(name) }), tfidf({ stem: (word: string) => word })],
    ] as const) {
      const snapshot = (await make('one').doIndex(tools)).doSnapshot!();
      await expect(make('one').doRestore!(snapshot, tools)).resolves.toBeDefined();
      await expect(make('two').doRestore!(snapshot, tools)).rejects.toThrow(/other settings/);
      await expect(unnamed.doRestore!(snapshot, tools)).rejects.toThrow(/other settings/);
    }
  });

  it('rejects a well-formed snapshot whose names repeat, or whose vocabulary, postings or values are malformed', async () => {
    const ranker = tfidf();
    const content = decodeSnapshot((await ranker.doIndex(tools)).doSnapshot!(), {
      kind: 'tfidf',
      formatVersion: 3,
    });
    const meta = content.meta as { names: string[] };
    const [chars, starts, table, offsets, docs, weights, valueIndex, values] = content.arrays as [
      Uint8Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Float64Array,
      Uint16Array,
      Float64Array,
    ];
    const rewritten = (change: {
      names?: string[];
      starts?: Int32Array;
      table?: Int32Array;
      offsets?: Int32Array;
      docs?: Int32Array | Float64Array;
      weights?: Float64Array;
      valueIndex?: Uint16Array;
      values?: Float64Array;
    }) =>
      encodeSnapshot({
        ...content,
        meta: { ...meta, names: change.names ?? meta.names },
        arrays: [
          chars,
          change.starts ?? starts,
          change.table ?? table,
          change.offsets ?? offsets,
          change.docs ?? docs,
          change.weights ?? weights,
          change.valueIndex ?? valueIndex,
          change.values ?? values,
        ],
      });
    expect(await ranker.doRestore!(rewritten({}), tools)).toBeDefined();
    const names = [...meta.names];
    names[1] = names[0]!;
    const twice = table.slice();
    const used = twice.findIndex((entry) => entry !== 0);
    const empty = twice.indexOf(0);
    twice[empty] = twice[used]!;
    const falling = starts.slice();
    falling[1] = falling[2]! + 1;
    const fallingOffsets = offsets.slice();
    fallingOffsets[1] = fallingOffsets[2]! + 1;
    const strayDocs = docs.slice();
    strayDocs[0] = meta.names.length;
    const unordered = docs.slice();
    const long = [...offsets].findIndex((at, t) => offsets[t + 1]! - at >= 2);
    unordered[offsets[long]! + 1] = unordered[offsets[long]!]!;
    const zero = weights.slice();
    zero[0] = 0;
    const strayValue = valueIndex.slice();
    strayValue[0] = values.length;
    const negative = values.slice();
    negative[0] = -1;
    for (const [change, why] of [
      [{ names }, /is not among the tools, or repeats/],
      [{ offsets: fallingOffsets }, /offsets do not run over its postings in order/],
      [{ offsets: offsets.subarray(1) }, /offsets do not run over its postings in order/],
      [{ table: twice }, /term table holds an id out of range or twice/],
      [{ table: table.subarray(0, table.length / 2) }, /term table/],
      [{ starts: falling }, /term offsets/],
      [{ docs: strayDocs }, /postings are out of range or order/],
      [{ docs: unordered }, /postings are out of range or order/],
      [{ docs: Float64Array.from(docs) }, /arrays are not the expected/],
      [{ weights: zero }, /weights are not positive/],
      [{ weights: weights.subarray(1) }, /do not match/],
      [{ valueIndex: strayValue }, /name a value it does not hold/],
      [{ values: negative }, /stored frequencies are not positive/],
    ] as const) {
      const attempt = ranker.doRestore!(rewritten(change), tools);
      await expect(attempt).rejects.toSatisfy(CorruptDataError.isInstance);
      await expect(ranker.doRestore!(rewritten(change), tools)).rejects.toThrow(why);
    }
  });

  it('rebuilds its documents from the stored values exactly, changed after a restore', async () => {
    const ranker = tfidf();
    const snapshot = (await ranker.doIndex(tools)).doSnapshot!();
    const [, , , , , , valueIndex, values] = decodeSnapshot(snapshot, {
      kind: 'tfidf',
      formatVersion: 3,
    }).arrays;
    expect(valueIndex).toBeInstanceOf(Uint16Array);
    // Distinct stored frequencies are few (field weights times damped counts).
    expect(values!.length).toBeLessThan(valueIndex!.length / 10);
    const restored = await ranker.doRestore!(snapshot, tools);
    const fresh = await ranker.doIndex(tools);
    await restored.doRemove!([tools[0]!.name]);
    await fresh.doRemove!([tools[0]!.name]);
    for (const query of queries)
      expect(await rank(restored, query, 40)).toEqual(await rank(fresh, query, 40));
  });

  it('refuses a snapshot of the first format (terms as a list) with a typed error saying to re-index', async () => {
    const ranker = tfidf();
    const snapshot = (await ranker.doIndex(tools)).doSnapshot!();
    const content = decodeSnapshot(snapshot, { kind: 'tfidf', formatVersion: 3 });
    const old = encodeSnapshot({
      kind: 'tfidf',
      formatVersion: 1,
      meta: { ...(content.meta as object), terms: ['a'] },
      arrays: content.arrays.slice(0, 3),
    });
    const attempt = ranker.doRestore!(old, tools);
    await expect(attempt).rejects.toSatisfy(CorruptDataError.isInstance);
    await expect(ranker.doRestore!(old, tools)).rejects.toThrow(
      /format version 1, this version reads 3; re-index the tools/,
    );
    // The pipeline's restore refuses it the same way; its callers (gateway, CLI) then index.
    await expect(pipe(ranker).restore(tools, { tfidf: old })).rejects.toSatisfy(
      CorruptDataError.isInstance,
    );
  });

  it('reads a restored index in place until it changes: the snapshot bytes stay as they were', async () => {
    const ranker = tfidf();
    const snapshot = (await ranker.doIndex(tools)).doSnapshot!();
    const before = snapshot.slice();
    const restored = await ranker.doRestore!(snapshot, tools);
    const fresh = await ranker.doIndex(tools);
    // Removing enough tools makes the store compact its entries: they must be copied first.
    const gone = tools.slice(0, 60).map((tool) => tool.name);
    await restored.doRemove!(gone);
    await fresh.doRemove!(gone);
    for (const query of queries)
      expect(await rank(restored, query, 50)).toEqual(await rank(fresh, query, 50));
    expect(snapshot).toEqual(before);
    await restored.doAdd!(tools.slice(0, 3));
    await fresh.doAdd!(tools.slice(0, 3));
    for (const query of queries)
      expect(await rank(restored, query, 50)).toEqual(await rank(fresh, query, 50));
    expect(snapshot).toEqual(before);
    expect(restored.doSnapshot!()).toEqual(fresh.doSnapshot!());
  });
});

describe('tfidf options', () => {
  it.each([
    [{ id: '' }, /id must be a non-empty string/],
    [{ sublinearTf: 'yes' }, /sublinearTf must be a boolean/],
    [{ fieldWeights: { nmae: 2 } }, /fieldWeights\.nmae must be one of the fields/],
    [{ fieldWeights: { name: -1 } }, /fieldWeights\.name must be a finite number >= 0/],
    [{ fieldWeights: { name: Number.NaN } }, /fieldWeights\.name/],
    [
      {
        fieldWeights: {
          name: 0,
          title: 0,
          description: 0,
          parameterNames: 0,
          parameterDescriptions: 0,
          enumValues: 0,
          tags: 0,
        },
      },
      /at least one field above 0/,
    ],
    [{ tokenizer: 'words' }, /tokenizer must be a function/],
    [{ stopwords: 3 }, /stopwords must be an iterable/],
  ])('rejects %j with InvalidArgumentError', (options, message) => {
    expect(() => tfidf(options as never)).toThrow(message);
    expect(() => tfidf(options as never)).toThrow(InvalidArgumentError);
  });

  it('uses a custom id and tokenizer', async () => {
    const ranker = tfidf({
      id: 'words',
      tokenizer: (text) => text.toLowerCase().split(/\s+/).filter(Boolean),
    });
    expect(ranker.id).toBe('words');
    const index = await ranker.doIndex(toTools([{ name: 'x', description: 'The Cats' }]));
    expect(await rank(index, 'the')).toHaveLength(1);
    expect(await rank(index, 'cat')).toEqual([]);
  });

  it('rejects a bad limit and honours an aborted signal', async () => {
    const index = await tfidf().doIndex(randomCatalogue(1, 5));
    expect(() => index.doRank('list', { limit: -1 })).toThrow(InvalidArgumentError);
    expect(() => index.doRank('list', { limit: 1.5 })).toThrow(/limit must be an integer/);
    expect(await rank(index, 'list', 0)).toEqual([]);
    const aborted = AbortSignal.abort(new Error('stop'));
    expect(() => index.doRank('list', { limit: 3, signal: aborted })).toThrow('stop');
    await expect(tfidf().doIndex(randomCatalogue(1, 5), { signal: aborted })).rejects.toThrow(
      'stop',
    );
  });
});
