/**
 * A Markdown table with every column padded to its widest cell, the layout Biome and Prettier
 * give tables, so a pasted table stays as printed. Columns whose header starts with `>` are
 * right-aligned (the marker is not printed).
 */
export function markdownTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const right = headers.map((header) => header.startsWith('>'));
  const titles = headers.map((header) => (header.startsWith('>') ? header.slice(1) : header));
  const widths = titles.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const pad = (cell: string, column: number) =>
    right[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!);
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => pad(cell, column)).join(' | ')} |`;
  const rule = widths.map((width, column) =>
    right[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
  );
  return [line(titles), `| ${rule.join(' | ')} |`, ...rows.map((row) => line(row))].join('\n');
}
