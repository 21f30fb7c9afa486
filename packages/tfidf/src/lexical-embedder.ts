import { type EmbedderV1, InvalidArgumentError } from '@shortlist/core';
import { englishStopwords, hashHex, throwIfAborted } from '@shortlist/core/kit';
import { idfTable } from './idf-table.js';
import type { LexicalEmbedderOptions } from './lexical-embedder-options.js';
import { extractFeatures, type FeatureSettings } from './lexical-features.js';
import { dampCount } from './term-weights.js';

/** An offline `EmbedderV1` whose settings (and fitted corpus, if any) are in its `modelId`. */
export interface LexicalEmbedder extends EmbedderV1 {
  readonly provider: 'lexical';
}

const fail = (argument: string, expected: string, got: unknown): never => {
  throw new InvalidArgumentError({
    argument: `lexicalEmbedder(${argument})`,
    expected,
    message: `lexicalEmbedder(): ${argument} must be ${expected}, got ${
      typeof got === 'object' ? JSON.stringify(got) : String(got)
    }`,
  });
};

function checkRange(
  name: string,
  range: readonly [number, number] | false | undefined,
  fallback: readonly [number, number],
  lowest: number,
): readonly [number, number] | false {
  if (range === false) return false;
  const value = range ?? fallback;
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => Number.isInteger(n) && n >= lowest && n <= 8) ||
    value[0] > value[1]
  ) {
    fail(name, `[shortest, longest] integers from ${lowest} to 8, or false`, value);
  }
  return [value[0], value[1]];
}

/** Per-feature idf learnt from a corpus; `fallback` (df = 0) for features the corpus never had. */
interface FittedIdf {
  readonly idf: Map<number, number>;
  readonly fallback: number;
  readonly fingerprint: string;
}

function fitIdf(corpus: readonly string[], settings: FeatureSettings): FittedIdf {
  const df = new Map<number, number>();
  for (const text of corpus) {
    const { words, chars } = extractFeatures(text, settings);
    for (const key of words.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    for (const key of chars.keys()) df.set(key, (df.get(key) ?? 0) + 1);
  }
  const documents = corpus.length;
  const idf = new Map<number, number>();
  const entries = [...df].sort((a, b) => a[0] - b[0]);
  for (const [key, frequency] of entries) {
    idf.set(key, Math.log((1 + documents) / (1 + frequency)) + 1);
  }
  const fingerprint = hashHex(`${documents}:${entries.map(([k, f]) => `${k}.${f}`).join(',')}`);
  return { idf, fallback: Math.log(1 + documents) + 1, fingerprint };
}

/**
 * An embedder that needs no model and no network: hashed word n-grams and character n-grams,
 * TF-IDF weighted and L2-normalised. Lexical, not semantic: it matches shared words and word
 * pieces, never synonyms ("ping the team" does not meet `send_email`).
 */
export function lexicalEmbedder(options: LexicalEmbedderOptions = {}): LexicalEmbedder {
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const dimensions = options.dimensions ?? 1024;
  if (!Number.isInteger(dimensions) || dimensions < 2 || dimensions > 1 << 20) {
    fail('dimensions', 'an integer from 2 to 1048576', dimensions);
  }
  const wordNgrams = checkRange('wordNgrams', options.wordNgrams, [1, 2], 1);
  const charNgrams = checkRange('charNgrams', options.charNgrams, [3, 5], 1);
  if (!wordNgrams && !charNgrams) fail('wordNgrams', 'set when charNgrams is false', wordNgrams);
  const charWeight = options.charWeight ?? 0.5;
  if (typeof charWeight !== 'number' || !(charWeight >= 0 && charWeight <= 1)) {
    fail('charWeight', 'a number from 0 to 1', charWeight);
  }
  const stem = options.stem ?? true;
  if (typeof stem !== 'boolean') fail('stem', 'a boolean', stem);
  const stopwordList =
    options.stopwords === false
      ? []
      : [...(options.stopwords ?? englishStopwords)].map(String).sort();
  const maxBatchSize = options.maxBatchSize ?? 1024;
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) {
    fail('maxBatchSize', 'a positive integer', maxBatchSize);
  }
  const corpus = options.corpus;
  if (
    corpus !== undefined &&
    (!Array.isArray(corpus) || !corpus.every((t) => typeof t === 'string'))
  ) {
    fail('corpus', 'an array of strings', typeof corpus);
  }

  const settings: FeatureSettings = {
    wordNgrams,
    charNgrams,
    stopwords: new Set(stopwordList),
    stem,
  };
  const fitted = corpus && corpus.length > 0 ? fitIdf(corpus, settings) : undefined;
  const range = (r: readonly [number, number] | false): string => (r ? `${r[0]}-${r[1]}` : '0');
  const extras = [
    charWeight !== 0.5 ? `cw${charWeight}` : '',
    stem ? '' : 'nostem',
    options.stopwords === undefined ? '' : `sw${hashHex(stopwordList.join('\n'))}`,
    fitted ? `idf${fitted.fingerprint}` : '',
  ].filter(Boolean);
  const modelId = [
    `lexical-hash-v1-d${dimensions}-w${range(wordNgrams)}-c${range(charNgrams)}`,
    ...extras,
  ].join('-');

  const wordScale = Math.sqrt(charNgrams ? 1 - charWeight : 1);
  const charScale = Math.sqrt(wordNgrams ? charWeight : 1);
  const lookup = fitted ? idfTable(fitted.idf) : undefined;
  const idfOf = (key: number): number => (lookup ? lookup(key, fitted!.fallback) : 1);

  /** Adds one group's damped, idf-weighted, normalised features into `vector`, scaled. */
  const addGroup = (vector: Float64Array, features: Map<number, number>, scale: number): void => {
    if (features.size === 0 || scale === 0) return;
    const keys: number[] = [];
    const values: number[] = [];
    let squares = 0;
    for (const [key, count] of features) {
      const value = dampCount(count) * idfOf(key);
      keys.push(key);
      values.push(value);
      squares += value * value;
    }
    const factor = scale / Math.sqrt(squares);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      // The top bit picks a sign so that colliding features cancel out on average.
      vector[key % dimensions]! += (key & 0x80000000 ? -factor : factor) * values[i]!;
    }
  };

  const embedOne = (text: string, scratch: Float64Array): Float32Array => {
    scratch.fill(0);
    const features = extractFeatures(text, settings);
    addGroup(scratch, features.words, wordScale);
    addGroup(scratch, features.chars, charScale);
    let squares = 0;
    for (let i = 0; i < dimensions; i++) squares += scratch[i]! * scratch[i]!;
    const out = new Float32Array(dimensions);
    if (squares === 0) return out;
    const inverse = 1 / Math.sqrt(squares);
    for (let i = 0; i < dimensions; i++) out[i] = scratch[i]! * inverse;
    return out;
  };

  return {
    specificationVersion: 'v1',
    provider: 'lexical',
    modelId,
    dimensions,
    maxBatchSize,
    maxConcurrency: 1,
    async doEmbed(texts, callOptions) {
      throwIfAborted(callOptions?.signal);
      if (!Array.isArray(texts)) fail('doEmbed(texts)', 'an array of strings', typeof texts);
      if (texts.length > maxBatchSize) {
        fail(
          'doEmbed(texts)',
          `at most maxBatchSize (${maxBatchSize}) texts`,
          `${texts.length} texts`,
        );
      }
      const scratch = new Float64Array(dimensions);
      const embeddings = texts.map((text, i) => {
        if (typeof text !== 'string') fail(`doEmbed(texts[${i}])`, 'a string', typeof text);
        return embedOne(text, scratch);
      });
      callOptions?.onProgress?.({ phase: 'embed', done: texts.length, total: texts.length });
      return { embeddings };
    },
  };
}
