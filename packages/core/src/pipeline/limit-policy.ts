/**
 * With a packer, the most candidates one select fetches from each ranker, fuses and offers the
 * packer, whatever `limit × overFetch` asks: a packer measures the tokens of what it is offered,
 * so this bounds the measuring a huge limit costs. Ordinary selects (limit × overFetch ≤ 256) are unaffected.
 */
export const MAX_PACK_CANDIDATES = 256;

/**
 * How many tools each ranker returns for a select: `limit × overFetch`, never more than the
 * catalogue holds, and never more than `MAX_PACK_CANDIDATES` when a packer follows.
 */
export function selectDepth(
  limit: number,
  overFetch: number,
  catalogueSize: number,
  packed: boolean,
): number {
  const depth = Math.min(Math.ceil(limit * overFetch), catalogueSize);
  return packed ? Math.min(depth, MAX_PACK_CANDIDATES) : depth;
}
