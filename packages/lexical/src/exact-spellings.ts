import type { Tool } from '@shortlist/core';
import { packedTermId, unpackTerms } from '@shortlist/core/kit';
import { type PackedSpellings, packSpellings, textAt } from './exact-snapshot.js';

/** Letters and digits (any script) continue a word; anything else bounds one. */
const WORD = /[\p{L}\p{N}\p{M}]/u;

function isWord(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) {
    return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  }
  return (code >= 0xd800 && code <= 0xdfff) || WORD.test(text[at]!);
}

/** Printable ASCII with no capital and no white space (`get_weather`): folding leaves it as it is. */
const FOLDED_ASCII = /^[!-@[-~]*$/;

/** How names, titles and requests are compared: NFKC, lower case, runs of white space as one. */
export function foldSpelling(text: string): string {
  if (FOLDED_ASCII.test(text)) return text;
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** End of the first word run at or after `from`, or -1 when there is none. */
function runEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && !isWord(text, at)) at++;
  if (at === text.length) return -1;
  while (at < text.length && isWord(text, at)) at++;
  return at;
}

/** A spelling's lookup key: its text up to the end of its second word (or its first, or all). */
function keyOf(spelling: string): string {
  const first = runEnd(spelling, 0);
  if (first === -1) return spelling;
  const second = runEnd(spelling, first);
  return spelling.slice(0, second === -1 ? first : second);
}

/** One tool's spelling: its folded name or title, and as written. */
interface Spelling {
  readonly text: string;
  readonly written: string;
  readonly tool: string;
  /** One plain word (`search`, `Chess`): it names the tool only where the request uses it as a name. */
  readonly plain: boolean;
}

/**
 * Words after which a plain one-word name is used as a name: "use search", "call help with…".
 * Anywhere else "help" or "search" is just a word of the request.
 */
const invocationWords: ReadonlySet<string> = new Set([
  'use',
  'call',
  'run',
  'invoke',
  'execute',
  'using',
  'via',
]);

const QUOTES = new Set(['`', '"', "'", '“', '”', '‘', '’']);

/** A single word of letters with no inner capital: an ordinary word, not an identifier. */
function isPlainWord(written: string): boolean {
  return /^[\p{L}\p{M}]+$/u.test(written) && !/\p{Ll}\p{Lu}/u.test(written);
}

/**
 * Whether `text[start, end)` is used as a name: quoted (`search`, "search") or right after an
 * invocation word ("use search").
 */
function usedAsName(text: string, start: number, end: number): boolean {
  if (start > 0 && QUOTES.has(text[start - 1]!) && QUOTES.has(text[end] ?? '')) return true;
  let at = start - 1;
  if (text[at] !== ' ') return false;
  const wordEnd = at;
  while (at > 0 && isWord(text, at - 1)) at--;
  return invocationWords.has(text.slice(at, wordEnd));
}

/** Whether a spelling ending at `end` ends there in `text` too: at its end or before a non-word. */
function endsWord(text: string, end: number): boolean {
  return end === text.length || (end < text.length && !isWord(text, end));
}

/** One `find`: the request as written and folded, and each tool found with its longest length. */
interface Finding {
  readonly request: string;
  readonly text: string;
  readonly found: Map<string, number>;
}

/**
 * Records that `text[start, end)` spells `tool` (written `written`), in whichever layout the
 * spelling was found: unless it is a plain word not used as a name, the tool keeps its longest
 * spelling, +0.5 when the request writes it in the same case.
 */
function offer(
  at: Finding,
  start: number,
  end: number,
  plain: boolean,
  tool: string,
  written: string,
): void {
  if (plain && !usedAsName(at.text, start, end)) return;
  const length = end - start + (at.request.includes(written) ? 0.5 : 0);
  if (!(at.found.get(tool)! >= length)) at.found.set(tool, length);
}

/** A tool the request names: the length of the longest spelling found, +0.5 when its case matches too. */
export interface SpelledTool {
  readonly name: string;
  readonly length: number;
}

/**
 * Every tool name and title (folded), keyed by their first two words, so finding those a request
 * spells in full costs two map lookups per word of the request plus a comparison per candidate
 * sharing those words: no scan of the catalogue.
 */
export class ExactSpellings {
  /** Spellings by key; undefined while they are read in place from `#packed`. */
  #byKey: Map<string, Spelling[]> | undefined = new Map();
  #packed: PackedSpellings | undefined;

  constructor(tools: readonly Tool[], titles: boolean) {
    this.add(tools, titles);
  }

  /** Spellings read in place from a snapshot, made into a map only when they first change. */
  static fromPacked(packed: PackedSpellings): ExactSpellings {
    const spellings = new ExactSpellings([], false);
    spellings.#byKey = undefined;
    spellings.#packed = packed;
    return spellings;
  }

  /** The spellings packed for a snapshot, with `names` (every tool that has one is among them). */
  pack(names: readonly string[]): PackedSpellings {
    if (this.#byKey === undefined) return { ...this.#packed!, names };
    return packSpellings(names, [...this.#byKey]);
  }

  #map(): Map<string, Spelling[]> {
    if (this.#byKey === undefined) {
      const packed = this.#packed!;
      const map = new Map<string, Spelling[]>();
      const keys = unpackTerms(packed.keys);
      for (let k = 0; k < keys.length; k++) {
        const list: Spelling[] = [];
        for (let s = packed.keyStart[k]!; s < packed.keyStart[k + 1]!; s++) {
          list.push({
            text: textAt(packed.texts, s),
            written: textAt(packed.written, s),
            tool: packed.names[packed.tools[s]!]!,
            plain: packed.plain[s] === 1,
          });
        }
        map.set(keys[k]!, list);
      }
      this.#byKey = map;
      this.#packed = undefined;
    }
    return this.#byKey;
  }

  add(tools: readonly Tool[], titles: boolean): void {
    const byKey = this.#map();
    for (const tool of tools) {
      const originals = titles && tool.title ? [tool.name, tool.title] : [tool.name];
      for (const original of originals) {
        const text = foldSpelling(original);
        if (text === '') continue;
        const key = keyOf(text);
        let list = byKey.get(key);
        if (!list) {
          list = [];
          byKey.set(key, list);
        }
        const written = original.trim();
        list.push({ text, written, tool: tool.name, plain: isPlainWord(written) });
      }
    }
  }

  /** Drops the spellings of these tools. */
  remove(names: ReadonlySet<string>): void {
    const byKey = this.#map();
    for (const [key, list] of byKey) {
      const kept = list.filter((spelling) => !names.has(spelling.tool));
      if (kept.length === 0) byKey.delete(key);
      else if (kept.length !== list.length) byKey.set(key, kept);
    }
  }

  /**
   * The tools whose full name or title the request contains, between word boundaries (so
   * `get_file` is in "use get_file now" but not in "get_files"); a plain one-word name (`search`)
   * counts only where used as a name (quoted, or after "use", "call"...), each with the length of the
   * longest such spelling, plus a half when the request also writes it in the same case (so
   * "calculate_bmi" prefers `calculate_bmi` to `calculate_BMI`): longest first, then by name.
   */
  find(request: string): SpelledTool[] {
    const text = foldSpelling(request);
    const found = new Map<string, number>();
    const at: Finding = { request, text, found };
    for (let start = 0; start < text.length; start++) {
      if (text[start] === ' ' || (start > 0 && isWord(text, start - 1))) continue;
      const first = runEnd(text, start);
      if (first === -1) break;
      const second = runEnd(text, first);
      this.#match(at, start, text.slice(start, first));
      if (second !== -1) this.#match(at, start, text.slice(start, second));
      // The next start boundary is after this word run, unless punctuation before it starts one.
      if (isWord(text, start)) start = first - 1;
    }
    const out = [...found].map(([name, length]) => ({ name, length }));
    out.sort((a, b) => b.length - a.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return out;
  }

  /** Offers each spelling keyed `key` that the request spells from `start` on. */
  #match(at: Finding, start: number, key: string): void {
    if (this.#byKey === undefined) {
      this.#matchPacked(this.#packed!, at, start, key);
      return;
    }
    const candidates = this.#byKey.get(key);
    if (!candidates) return;
    const text = at.text;
    for (const { text: spelling, written, tool, plain } of candidates) {
      const end = start + spelling.length;
      if (endsWord(text, end) && text.startsWith(spelling, start)) {
        offer(at, start, end, plain, tool, written);
      }
    }
  }

  /** `#match` over spellings read in place: the same candidates, in the same order. */
  #matchPacked(packed: PackedSpellings, at: Finding, start: number, key: string): void {
    const id = packedTermId(packed.keys, key);
    if (id === undefined) return;
    const { chars, starts } = packed.texts;
    const text = at.text;
    for (let s = packed.keyStart[id]!; s < packed.keyStart[id + 1]!; s++) {
      const from = starts[s]!;
      const end = start + (starts[s + 1]! - from);
      if (!endsWord(text, end)) continue;
      let same = true;
      for (let c = start; c < end && same; c++)
        same = text.charCodeAt(c) === chars[from + c - start];
      if (!same) continue;
      const tool = packed.names[packed.tools[s]!]!;
      offer(at, start, end, packed.plain[s] === 1, tool, textAt(packed.written, s));
    }
  }
}
