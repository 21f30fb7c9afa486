import { InvalidArgumentError } from '@shortlist/core';
import {
  createTermIdReader,
  createTokenizer,
  englishStopwords,
  hashHex,
  MAX_QUERY_TERMS,
  type Tokenizer,
  toolFieldNames,
} from '@shortlist/core/kit';
import type { InterningTokenizer } from './interning-tokenizer.js';
import { defaultTfidfFieldWeights, type TfidfOptions } from './tfidf-options.js';

/** Options resolved and checked once, in the form the index reads. */
export interface TfidfSettings {
  readonly id: string;
  readonly sublinearTf: boolean;
  /** One weight per entry of `toolFieldNames`, in that order. */
  readonly fieldWeights: Float64Array;
  readonly tokenizer: Tokenizer;
  /** Distinct query terms scored at most, the rarest kept. */
  readonly maxQueryTerms: number;
  /**
   * Identifies everything that changes an index built from the same tools; a snapshot taken
   * with other settings is refused. A custom tokenizer or stem function counts as one unless it
   * names itself in an `analysis` string.
   */
  readonly fingerprint: string;
}

/**
 * `custom`, or `custom:<name>` when a custom tokenizer or stem function names its behaviour in an
 * `analysis` string, so a snapshot taken before it changed is refused.
 */
function customName(custom: object): string {
  const named = (custom as { readonly analysis?: unknown }).analysis;
  return typeof named === 'string' ? `custom:${named}` : 'custom';
}

const fail = (argument: string, expected: string, got: unknown): never => {
  throw new InvalidArgumentError({
    argument: `tfidf(${argument})`,
    expected,
    message: `tfidf(): ${argument} must be ${expected}, got ${describe(got)}`,
  });
};

const describe = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : typeof value === 'number'
      ? String(value)
      : typeof value;

/** Checks `TfidfOptions` and fills in defaults; throws `InvalidArgumentError` naming the bad option. */
export function resolveTfidfSettings(options: TfidfOptions = {}): TfidfSettings {
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const id = options.id ?? 'tfidf';
  if (typeof id !== 'string' || id.trim() === '') fail('id', 'a non-empty string', id);
  const sublinearTf = options.sublinearTf ?? true;
  if (typeof sublinearTf !== 'boolean') fail('sublinearTf', 'a boolean', sublinearTf);

  const given = options.fieldWeights ?? {};
  if (typeof given !== 'object' || given === null) fail('fieldWeights', 'an object', given);
  for (const key of Object.keys(given)) {
    if (!(toolFieldNames as readonly string[]).includes(key)) {
      fail(`fieldWeights.${key}`, `one of the fields ${toolFieldNames.join(', ')}`, key);
    }
  }
  const fieldWeights = new Float64Array(toolFieldNames.length);
  toolFieldNames.forEach((field, i) => {
    const weight = Object.hasOwn(given, field) ? given[field] : defaultTfidfFieldWeights[field];
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      fail(`fieldWeights.${field}`, 'a finite number >= 0', weight);
    }
    fieldWeights[i] = weight as number;
  });
  if (fieldWeights.every((weight) => weight === 0)) {
    fail('fieldWeights', 'weights with at least one field above 0', 'all zero');
  }

  const maxQueryTerms = options.maxQueryTerms ?? MAX_QUERY_TERMS;
  if (!Number.isSafeInteger(maxQueryTerms) || maxQueryTerms < 1) {
    fail('maxQueryTerms', 'a positive integer', maxQueryTerms);
  }

  let tokenizer: Tokenizer;
  let analysis: string;
  if (options.tokenizer !== undefined) {
    if (typeof options.tokenizer !== 'function') fail('tokenizer', 'a function', options.tokenizer);
    tokenizer = options.tokenizer;
    analysis = `custom-tokenizer${customName(options.tokenizer).slice('custom'.length)}`;
  } else {
    const stopwords = options.stopwords ?? englishStopwords;
    if (stopwords !== false && (typeof stopwords !== 'object' || !(Symbol.iterator in stopwords))) {
      fail('stopwords', 'an iterable of words or false', stopwords);
    }
    const stem = options.stem;
    if (stem !== undefined && stem !== false && typeof stem !== 'function') {
      fail('stem', 'a function or false', stem);
    }
    const stopList = stopwords === false ? [] : [...stopwords].map(String).sort();
    const chain = { stopwords: stopList, stem: stem ?? undefined };
    // Interning: a fresh build reads each distinct word once (core's `createTermIdReader`).
    tokenizer = Object.assign(createTokenizer(chain), {
      termIds: (intern: (term: string) => number) => createTermIdReader(chain, intern),
    }) satisfies InterningTokenizer;
    analysis = `stop:${hashHex(stopList.join('\n'))};stem:${
      stem === false ? 'none' : stem === undefined ? 'light' : customName(stem)
    }`;
  }
  const fingerprint = `tf:${sublinearTf ? 'sublinear' : 'raw'};fields:${[...fieldWeights].join(',')};${analysis}`;
  return { id, sublinearTf, fieldWeights, tokenizer, maxQueryTerms, fingerprint };
}
