/** Pieces longer than this many bytes are counted as one token a byte instead of merged. */
export const MAX_MERGED_BYTES = 1024;

/**
 * Tokens byte-pair merging makes of one pre-tokenized piece (one latin1 character a byte) with
 * the vocabulary `ranks`: repeatedly join the adjacent pair whose union has the lowest rank.
 * Given the lowest ranks of an encoding, it never answers fewer tokens than the full encoding: it
 * makes the same merges as long as it can, then stops where the full one would merge on.
 */
export function bytePairCount(piece: string, ranks: ReadonlyMap<string, number>): number {
  const length = piece.length;
  if (length <= 1 || ranks.has(piece)) return Math.min(length, 1);
  // Each token has at least one byte: a safe answer for a piece too long to merge quickly.
  if (length > MAX_MERGED_BYTES) return length;
  // starts[i] is where part i begins; pair[i] the rank of parts i and i + 1 joined.
  const starts: number[] = [];
  for (let i = 0; i <= length; i++) starts.push(i);
  const rankOf = (i: number): number =>
    i + 2 < starts.length
      ? (ranks.get(piece.slice(starts[i]!, starts[i + 2]!)) ?? Number.POSITIVE_INFINITY)
      : Number.POSITIVE_INFINITY;
  const pair: number[] = [];
  for (let i = 0; i + 1 < length; i++) pair.push(rankOf(i));
  for (;;) {
    let best = Number.POSITIVE_INFINITY;
    let at = -1;
    for (let i = 0; i < pair.length; i++) {
      if (pair[i]! < best) {
        best = pair[i]!;
        at = i;
      }
    }
    if (at < 0) return starts.length - 1;
    starts.splice(at + 1, 1);
    pair.splice(at, 1);
    if (at < pair.length) pair[at] = rankOf(at);
    if (at > 0) pair[at - 1] = rankOf(at - 1);
  }
}
