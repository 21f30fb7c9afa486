import { markdownTable as table } from '@shortlist/eval';

/**
 * A Markdown table with every column padded to its widest cell (eval's `markdownTable`).
 * Columns whose header starts with `>` are right-aligned (the marker is not printed).
 */
export function markdownTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const alignRight = headers.flatMap((header, column) => (header.startsWith('>') ? [column] : []));
  const titles = headers.map((header) => (header.startsWith('>') ? header.slice(1) : header));
  return table(titles, rows, { alignRight });
}
