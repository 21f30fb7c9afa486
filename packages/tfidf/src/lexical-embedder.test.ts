import { InvalidArgumentError } from '@shortlist/core';
import { createVectorIndex } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { lexicalEmbedder } from './lexical-embedder.js';

const embed = async (texts: string[], options = {}): Promise<Float32Array[]> =>
  (await lexicalEmbedder(options).doEmbed(texts)).embeddings;

const cosine = (a: Float32Array, b: Float32Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

const norm = (v: Float32Array): number => Math.sqrt(cosine(v, v));

describe('lexicalEmbedder', () => {
  it('returns one unit vector of the declared dimension per text, deterministically', async () => {
    const texts = ['Send an email to the team', 'weather in Paris', '東京の天気 🌤️', 'x'];
    const embedder = lexicalEmbedder({ dimensions: 256 });
    const first = (await embedder.doEmbed(texts)).embeddings;
    const again = (await lexicalEmbedder({ dimensions: 256 }).doEmbed([...texts].reverse()))
      .embeddings;
    expect(first).toHaveLength(4);
    for (const [i, vector] of first.entries()) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector.length).toBe(256);
      expect(norm(vector)).toBeCloseTo(1, 5);
      expect(vector).toEqual(again[3 - i]);
    }
  });

  it('gives a zero vector for text with no words', async () => {
    const [empty, punctuation] = await embed(['', '?!… ---']);
    expect(norm(empty!)).toBe(0);
    expect(norm(punctuation!)).toBe(0);
  });

  it('puts texts that share words and word pieces closer than unrelated ones', async () => {
    const [query, inflected, typo, unrelated] = await embed([
      'schedule a meeting with the team',
      'scheduling meetings for teams',
      'shedule a meting',
      'convert currency rates',
    ]);
    expect(cosine(query!, inflected!)).toBeGreaterThan(0.5);
    expect(cosine(query!, typo!)).toBeGreaterThan(cosine(query!, unrelated!) + 0.2);
    expect(Math.abs(cosine(query!, unrelated!))).toBeLessThan(0.15);
  });

  it('is not semantic: a synonym-only paraphrase is no closer than an unrelated text', async () => {
    const [query, email, weather] = await embed([
      'ping the crew',
      'send_email: send an electronic mail message to recipients',
      'get_weather: current forecast for a city',
    ]);
    expect(Math.abs(cosine(query!, email!))).toBeLessThan(0.1);
    expect(Math.abs(cosine(query!, weather!))).toBeLessThan(0.1);
  });

  it('finds the right tool text through a vector index on a small catalogue', async () => {
    const tools = [
      'get_weather: current weather and forecast for a city',
      'send_email: send an email message to recipients',
      'create_invoice: create a customer invoice with line items',
      'search_flights: search flights between two airports on a date',
    ];
    const queries = [
      'what is the weather forecast in Oslo',
      'email my boss',
      'invoice for a customer',
      'flights to Rome',
    ];
    const embedder = lexicalEmbedder();
    const vectors = createVectorIndex(embedder.dimensions, tools.length);
    const toolVectors = (await embedder.doEmbed(tools)).embeddings;
    toolVectors.forEach((vector, i) => {
      vectors.add(String(i), vector);
    });
    const queryVectors = (await embedder.doEmbed(queries)).embeddings;
    queryVectors.forEach((vector, i) => {
      expect(vectors.search(vector, 1)[0]?.key).toBe(String(i));
    });
  });

  it('down-weights words that are common in a fitted corpus and says so in its model id', async () => {
    const corpus = [
      'how do I list files',
      'how do I upload files',
      'how do I delete files',
      'rename a folder',
    ];
    const plain = lexicalEmbedder();
    const fitted = lexicalEmbedder({ corpus });
    expect(plain.modelId).toBe('lexical-hash-v1-d1024-w1-2-c3-5');
    expect(fitted.modelId).toMatch(/^lexical-hash-v1-d1024-w1-2-c3-5-idf[0-9a-f]{8}$/);
    expect(lexicalEmbedder({ corpus: [...corpus, 'x'] }).modelId).not.toBe(fitted.modelId);
    const texts = ['list files', 'list folders', 'remove files'];
    const [a, b, c] = (await fitted.doEmbed(texts)).embeddings;
    const [pa, pb, pc] = (await plain.doEmbed(texts)).embeddings;
    // "files" is common in the corpus, so sharing it counts for less once fitted.
    expect(cosine(a!, c!) / cosine(a!, b!)).toBeLessThan(cosine(pa!, pc!) / cosine(pa!, pb!));
  });

  it('encodes every setting in its model id', () => {
    const ids = new Set(
      [
        {},
        { dimensions: 512 },
        { wordNgrams: [1, 1] as const },
        { charNgrams: false as const },
        { charWeight: 0.3 },
        { stem: false },
        { stopwords: ['the'] },
      ].map((options) => lexicalEmbedder(options).modelId),
    );
    expect(ids.size).toBe(7);
    expect(lexicalEmbedder({ dimensions: 512, charNgrams: false }).modelId).toBe(
      'lexical-hash-v1-d512-w1-2-c0',
    );
  });

  it.each([
    [{ dimensions: 0 }, /dimensions must be an integer/],
    [{ dimensions: 1.5 }, /dimensions/],
    [{ wordNgrams: [2, 1] }, /wordNgrams must be/],
    [{ charNgrams: [0, 3] }, /charNgrams must be/],
    [{ wordNgrams: false, charNgrams: false }, /wordNgrams must be set/],
    [{ charWeight: 2 }, /charWeight must be a number from 0 to 1/],
    [{ maxBatchSize: 0 }, /maxBatchSize must be a positive integer/],
    [{ corpus: 'text' }, /corpus must be an array of strings/],
    [{ stem: 'yes' }, /stem must be a boolean/],
  ])('rejects %j with InvalidArgumentError', (options, message) => {
    expect(() => lexicalEmbedder(options as never)).toThrow(message);
    expect(() => lexicalEmbedder(options as never)).toThrow(InvalidArgumentError);
  });

  it('rejects a batch over maxBatchSize, a non-string text and an aborted signal', async () => {
    const embedder = lexicalEmbedder({ maxBatchSize: 2 });
    await expect(embedder.doEmbed(['a', 'b', 'c'])).rejects.toThrow(/at most maxBatchSize \(2\)/);
    await expect(embedder.doEmbed(['a', 3 as never])).rejects.toThrow(InvalidArgumentError);
    await expect(
      embedder.doEmbed(['a'], { signal: AbortSignal.abort(new Error('stop')) }),
    ).rejects.toThrow('stop');
  });

  it('embeds a 100 KB text and a 10,000-word text into finite unit vectors', async () => {
    const long = 'lorem ipsum dolor sit amet '.repeat(4000);
    const [vector] = await embed([long]);
    expect(vector!.every(Number.isFinite)).toBe(true);
    expect(norm(vector!)).toBeCloseTo(1, 5);
  });
});
