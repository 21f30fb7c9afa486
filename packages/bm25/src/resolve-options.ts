import { InvalidArgumentError } from '@shortlist/core';
import type { FieldWeights } from '@shortlist/core/kit';
import {
  analysisVersion,
  createTokenizer,
  englishStopwords,
  type Tokenizer,
  toolFieldNames,
} from '@shortlist/core/kit';
import type { Bm25Options } from './bm25-options.js';

/** Default field weights, chosen by measurement on the shared benchmarks (README, "Quality"). */
export const defaultFieldWeights: Readonly<Record<(typeof toolFieldNames)[number], number>> = {
  name: 2,
  title: 2,
  description: 1,
  parameterNames: 0.5,
  parameterDescriptions: 0.5,
  enumValues: 0.5,
  tags: 1,
};

/** Options after validation: what the index and the snapshot check need. */
export interface Bm25Config {
  readonly id: string;
  readonly k1: number;
  readonly b: number;
  /** One weight per entry of `toolFieldNames`, in that order. */
  readonly weights: Float64Array;
  readonly tokenizer: Tokenizer;
  /**
   * The stopwords of the default chain; absent with a custom tokenizer. When present, ASCII
   * text is analysed by a scanner fused with the vocabulary lookup, with the same terms.
   */
  readonly stopwords?: ReadonlySet<string>;
  /** Identifies the options that shape the index, so a snapshot made with others is refused. */
  readonly fingerprint: string;
}

/**
 * Text run through a custom tokenizer to tell one analysis chain from another in snapshots (the
 * default chain is named by `analysisVersion` and its stopwords, which starts faster).
 */
const PROBE =
  'The Quick brown foxes were jumping over lazy dogs; getUserIDs list_all-items HTTPServer v2.0 données 東京 running schedules';

function fail(argument: string, expected: string, got: unknown): never {
  throw new InvalidArgumentError({
    argument: `bm25(${argument})`,
    expected,
    message: `bm25(): ${argument} must be ${expected}, got ${String(got)}`,
  });
}

function readWeights(fieldWeights: FieldWeights | undefined): Float64Array {
  if (fieldWeights !== undefined && (typeof fieldWeights !== 'object' || fieldWeights === null)) {
    fail('fieldWeights', 'an object of field names to weights', fieldWeights);
  }
  const given = fieldWeights ?? {};
  for (const key of Object.keys(given)) {
    if (!(toolFieldNames as readonly string[]).includes(key)) {
      fail('fieldWeights', `an object whose keys are among ${toolFieldNames.join(', ')}`, key);
    }
  }
  const weights = new Float64Array(toolFieldNames.length);
  toolFieldNames.forEach((field, i) => {
    const value = Object.hasOwn(given, field) ? given[field] : defaultFieldWeights[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      fail(`fieldWeights.${field}`, 'a finite number >= 0', value);
    }
    weights[i] = value;
  });
  if (weights.every((weight) => weight === 0)) {
    fail('fieldWeights', 'weights with at least one field above 0', 'all zero');
  }
  return weights;
}

/** Validates `bm25()` options and fills in defaults; throws `InvalidArgumentError` on bad input. */
export function resolveOptions(options: Bm25Options | undefined): Bm25Config {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    fail('options', 'an options object or nothing', options);
  }
  const { k1 = 1.2, b = 0.75, fieldWeights, stopwords, tokenizer, id = 'bm25' } = options ?? {};
  if (typeof k1 !== 'number' || !Number.isFinite(k1) || k1 <= 0) fail('k1', 'a number > 0', k1);
  if (typeof b !== 'number' || !(b >= 0 && b <= 1)) fail('b', 'a number from 0 to 1', b);
  if (typeof id !== 'string' || id.trim() === '') fail('id', 'a non-empty string', id);
  if (tokenizer !== undefined && typeof tokenizer !== 'function') {
    fail('tokenizer', 'a function (text) => string[]', tokenizer);
  }
  const weights = readWeights(fieldWeights);
  if (tokenizer !== undefined) {
    const probe = tokenizer(PROBE);
    if (!Array.isArray(probe) || probe.some((term) => typeof term !== 'string')) {
      fail('tokenizer', 'a function returning an array of strings', probe);
    }
    return {
      id,
      k1,
      b,
      weights,
      tokenizer,
      fingerprint: JSON.stringify({ k1, b, weights: [...weights], probe }),
    };
  }
  if (stopwords !== undefined && stopwords !== false) {
    if (typeof stopwords !== 'object' || stopwords === null || !(Symbol.iterator in stopwords)) {
      fail('stopwords', 'an iterable of words or false', stopwords);
    }
  }
  const stopList = stopwords === false ? [] : [...(stopwords ?? englishStopwords)].map(String);
  // Stemming is off by default: it cost 1.4 nDCG@10 on sealtools (README, "Quality").
  return {
    id,
    k1,
    b,
    weights,
    tokenizer: createTokenizer({ stopwords: stopList, stem: false }),
    stopwords: new Set(stopList),
    fingerprint: JSON.stringify({
      k1,
      b,
      weights: [...weights],
      analysis: { version: analysisVersion, stem: false, stopwords: [...new Set(stopList)].sort() },
    }),
  };
}
