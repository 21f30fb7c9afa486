/**
 * Longest run of letters, of punctuation or of spaces counted as one piece. BPE tokenizers merge
 * within a pre-token in time quadratic in its length; real text has no longer runs.
 */
export const MAX_TOKEN_RUN = 256;

const patterns = new Map<number, RegExp>();

/** Runs of one class longer than `maxRun`: letters (with marks), punctuation and symbols, spaces. */
function runPattern(maxRun: number): RegExp {
  let pattern = patterns.get(maxRun);
  if (!pattern) {
    const n = maxRun + 1;
    pattern = new RegExp(`[\\p{L}\\p{M}]{${n},}|[^\\s\\p{L}\\p{M}\\p{N}]{${n},}|\\s{${n},}`, 'gu');
    patterns.set(maxRun, pattern);
  }
  return pattern;
}

/** Cuts `run` into pieces of at most `size` UTF-16 units, never inside a surrogate pair. */
function pushChunks(run: string, size: number, pieces: string[]): void {
  for (let start = 0; start < run.length; ) {
    let end = Math.min(run.length, start + size);
    const last = run.charCodeAt(end - 1);
    if (end < run.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(run.slice(start, end));
    start = end;
  }
}

/**
 * Whether `text` may hold a run longer than `maxRun` of one class, by a scan that classes ASCII
 * exactly and lets any other character extend every run. Never false when such a run exists, so
 * ordinary text skips the Unicode pattern, whose first use alone costs about a millisecond.
 */
function mayHaveLongRun(text: string, maxRun: number): boolean {
  let letters = 0;
  let others = 0;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) {
      letters++;
      others++;
      spaces++;
    } else if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) {
      letters++;
      others = spaces = 0;
    } else if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      spaces++;
      letters = others = 0;
    } else if (c >= 0x30 && c <= 0x39) {
      letters = others = spaces = 0;
    } else {
      others++;
      letters = spaces = 0;
    }
    if (letters > maxRun || others > maxRun || spaces > maxRun) return true;
  }
  return false;
}

/**
 * Splits `text` so no piece holds a run longer than `maxRun` characters of one class; the
 * pieces concatenate back to `text`. Text without such a run comes back as one piece.
 */
export function tokenPieces(text: string, maxRun: number = MAX_TOKEN_RUN): string[] {
  if (text.length <= maxRun || !mayHaveLongRun(text, maxRun)) return [text];
  const pattern = runPattern(maxRun);
  pattern.lastIndex = 0;
  const pieces: string[] = [];
  let from = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > from) pieces.push(text.slice(from, match.index));
    pushChunks(match[0], maxRun, pieces);
    from = match.index + match[0].length;
  }
  if (pieces.length === 0) return [text];
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}

/**
 * Counts tokens with `count` in time linear in the text's length: oversized runs are counted in
 * pieces of `maxRun`, plus one token for every cut, since cutting can save a merge or two.
 * Text without such a run is counted exactly as `count(text)` would.
 */
export function countTokensBounded(
  text: string,
  count: (piece: string) => number,
  maxRun: number = MAX_TOKEN_RUN,
): number {
  const pieces = tokenPieces(text, maxRun);
  if (pieces.length === 1) return count(text);
  let tokens = pieces.length - 1;
  for (const piece of pieces) tokens += count(piece);
  return tokens;
}
