import { type ExampleSelector, InvalidArgumentError, type ToolExample } from '@shortlist/core';
import { defaultTokenizer, hashString, MAX_EXAMPLE_QUERY_LENGTH } from '@shortlist/core/kit';

/**
 * A request as learning keeps it: its content words (split, lowercased, stopwords out, stemmed),
 * each replaced by a 64-bit hash, in order, after this mark. Learning needs which words a request
 * shares with others, never the sentence, so no store holds the user's text (README, Privacy).
 */
const FORM_MARK = '#sl1';

/** Most terms a request keeps: requests are short, and this bounds a vote's work. */
const MAX_TERMS = 64;

const HASHED_TERM = /^[0-9a-f]{16}$/;

/** ASCII codes of the hex digits. */
const HEX_CODES = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));

/**
 * The 16 hex digits of two 32-bit hashes as one flat string: joined strings are ropes, which
 * every map lookup walks again; one `fromCharCode` makes a plain string, hashed once.
 */
function flatHex(first: number, second: number): string {
  const d = (value: number, shift: number): number => HEX_CODES[(value >>> shift) & 15]!;
  return String.fromCharCode(
    d(first, 28),
    d(first, 24),
    d(first, 20),
    d(first, 16),
    d(first, 12),
    d(first, 8),
    d(first, 4),
    d(first, 0),
    d(second, 28),
    d(second, 24),
    d(second, 20),
    d(second, 16),
    d(second, 12),
    d(second, 8),
    d(second, 4),
    d(second, 0),
  );
}

/**
 * Hashed terms met lately, by the low bits of their first hash (both hashes checked): a query's
 * words are mostly known ones, and one flat string per term, made once, spares each select the
 * concatenations and the flattening a fresh 16-character string costs at every map lookup.
 * Holds hashes only, never a word.
 */
const RECENT_BITS = 14;
const recentFirst = new Uint32Array(1 << RECENT_BITS);
const recentSecond = new Uint32Array(1 << RECENT_BITS);
const recentTerm: (string | undefined)[] = new Array(1 << RECENT_BITS).fill(undefined);

/** One term as stored: 16 hex digits from two independent 32-bit hashes. */
function hashTerm(term: string): string {
  const first = hashString(term, 0x5eed);
  const second = hashString(term, 0x1ea2);
  const slot = first & ((1 << RECENT_BITS) - 1);
  const known = recentTerm[slot];
  if (known !== undefined && recentFirst[slot] === first && recentSecond[slot] === second) {
    return known;
  }
  const hashed = flatHex(first, second);
  recentFirst[slot] = first;
  recentSecond[slot] = second;
  recentTerm[slot] = hashed;
  return hashed;
}

/**
 * The hashed content words of a text's first characters, at most `MAX_TERMS`: in order with
 * repeats (a stored request, so a run of words can be found in it), or distinct (a query).
 */
function hashedWords(text: string, distinct = false): string[] {
  const head =
    text.length > MAX_EXAMPLE_QUERY_LENGTH ? text.slice(0, MAX_EXAMPLE_QUERY_LENGTH) : text;
  const tokens = defaultTokenizer(head);
  const words = distinct ? [...new Set(tokens)] : tokens;
  return (words.length > MAX_TERMS ? words.slice(0, MAX_TERMS) : words).map(hashTerm);
}

/** A request in the stored form; a request with no content word keeps one hashed word of itself. */
export function encodeRequest(text: string): string {
  // Already kept form (an example read back from a store and taught again) stays as it is.
  if (isEncoded(text)) return text;
  const words = hashedWords(text);
  if (words.length === 0) words.push(hashTerm(text.trim().toLowerCase()));
  return `${FORM_MARK} ${words.join(' ')}`;
}

/** Whether a stored query is in the stored form, not a request kept in plain text by an older version. */
export function isEncoded(query: string): boolean {
  if (!query.startsWith(`${FORM_MARK} `)) return false;
  return query
    .slice(FORM_MARK.length + 1)
    .split(' ')
    .every((term) => HASHED_TERM.test(term));
}

/** The distinct hashed terms of a stored query, or of a plain-text one an older version kept. */
export function storedTerms(query: string): string[] {
  if (!isEncoded(query)) return hashedWords(query, true);
  return [...new Set(query.slice(FORM_MARK.length + 1).split(' '))];
}

/** A source id as stores keep it and the memory compares it: hashed, like a request's words. */
export const encodeSource = (source: string | undefined): string | undefined =>
  source === undefined ? undefined : `#src ${hashTerm(source)}`;

/** An example as a store keeps it: its request in the stored form, its source hashed. */
export const encodeExample = (example: ToolExample): ToolExample => {
  const source = encodeSource(example.source);
  return { ...example, query: encodeRequest(example.query), ...(source ? { source } : {}) };
};

/**
 * A user's selector in the stored form: `{ query }` names the same words in the same order,
 * `{ queryContains }` a run of whole words (stopwords aside) anywhere in the request.
 */
export function encodeSelector(selector: ExampleSelector): ExampleSelector {
  if ('query' in selector) return { query: encodeRequest(selector.query) };
  if (!('queryContains' in selector)) return selector;
  const words = hashedWords(selector.queryContains);
  if (words.length === 0) {
    throw new InvalidArgumentError({
      argument: 'forget(selector).queryContains',
      expected: 'a text with at least one word that is not a stopword',
      message: `forget({ queryContains: ${JSON.stringify(selector.queryContains.slice(0, 50))} }): requests are kept as hashed words, so the text must hold a word other than a stopword ("the", "is"); pass { query } to erase one request, or { all: true }`,
    });
  }
  return { queryContains: words.join(' ') };
}
