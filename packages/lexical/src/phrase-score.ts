/**
 * How well a request spells a tool's name. `name` and `query` are word ids in order; `idf`
 * weighs each word. Name words found in the request count once, and again when they appear
 * in the name's order (an idf-weighted longest common subsequence), so "open a pull request"
 * spells `create_pull_request` better than the same words scattered. The sum is scaled by the
 * share of the name covered, so a long name matched by one word ranks below a full match; names
 * covered less than `minCoverage` (idf-weighted share) score 0. `inQuery[word]` is 1 for the
 * request's words, so coverage costs one pass over the name and the LCS runs only when needed.
 */
export function phraseScore(
  name: ArrayLike<number>,
  query: ArrayLike<number>,
  idf: ArrayLike<number>,
  inQuery: Uint8Array,
  row: Float64Array,
  minCoverage: number,
): number {
  const m = name.length;
  const n = query.length;
  let total = 0;
  let covered = 0;
  for (let i = 0; i < m; i++) {
    const word = name[i]!;
    const weight = idf[word]!;
    total += weight;
    if (inQuery[word] === 1) covered += weight;
  }
  if (covered === 0 || total === 0 || covered < minCoverage * total) return 0;
  // Weighted LCS, one row over the query: row[j] is the best over name[0..i) × query[0..j).
  row.fill(0, 0, n + 1);
  for (let i = 0; i < m; i++) {
    const word = name[i]!;
    const weight = idf[word]!;
    let diagonal = 0;
    for (let j = 1; j <= n; j++) {
      const above = row[j]!;
      const best = query[j - 1] === word ? diagonal + weight : Math.max(above, row[j - 1]!);
      diagonal = above;
      row[j] = best;
    }
  }
  const ordered = row[n]!;
  return ((covered + ordered) / 2) * (covered / total);
}
