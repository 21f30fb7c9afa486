/**
 * The one order of ranked results: higher score first, then name in code-unit order, so ties
 * (and rankings that differ only in input order) come out the same everywhere. For `sort`.
 */
export function compareRanked(
  a: { readonly score: number; readonly name: string },
  b: { readonly score: number; readonly name: string },
): number {
  return b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
