import { escapeControl } from './terminal-text.js';

/** Renders rows as columns padded to their widest cell; columns listed in `right` align right. */
export function textTable(
  header: readonly string[],
  given: readonly (readonly string[])[],
  right: ReadonlySet<number> = new Set(),
): string {
  // Cells hold catalogue text (tool names): escaped, and measured as printed.
  const rows = given.map((row) => row.map(escapeControl));
  const widths = header.map((cell, j) =>
    Math.max([...cell].length, ...rows.map((row) => [...(row[j] ?? '')].length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, j) => {
        const pad = ' '.repeat(widths[j]! - [...cell].length);
        return right.has(j) ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
