/**
 * The most tools one select asks each ranker for, fuses and returns, whatever `limit × overFetch`
 * asks: ranking and fusing cost grows with the depth asked, so a `limit: 1e9` would otherwise
 * rank and fuse the whole catalogue. A select returns at most this many tools.
 */
export const MAX_SELECT_DEPTH = 1_000;

/**
 * With a packer, the most candidates one select fetches from each ranker, fuses and offers the
 * packer, whatever `limit × overFetch` asks: a packer measures the tokens of what it is offered,
 * so this bounds the measuring a huge limit costs. Ordinary selects (limit × overFetch ≤ 256) are unaffected.
 */
export const MAX_PACK_CANDIDATES = 256;

/** The most tools a select returns: `limit`, at most the catalogue and `MAX_SELECT_DEPTH`. */
export function selectLimit(limit: number, catalogueSize: number): number {
  return Math.min(limit, catalogueSize, MAX_SELECT_DEPTH);
}

/**
 * How many tools each ranker returns for a select: `limit × overFetch`, never more than the
 * catalogue holds nor `MAX_SELECT_DEPTH`, and never more than `MAX_PACK_CANDIDATES` when a
 * packer follows.
 */
export function selectDepth(
  limit: number,
  overFetch: number,
  catalogueSize: number,
  packed: boolean,
): number {
  const depth = Math.min(Math.ceil(limit * overFetch), catalogueSize, MAX_SELECT_DEPTH);
  return packed ? Math.min(depth, MAX_PACK_CANDIDATES) : depth;
}
