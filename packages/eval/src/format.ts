import type { Interval } from './bootstrap.js';

/** A fraction as a percentage with one decimal: 0.5813 → `58.1`. */
export function percent(value: number): string {
  return Number.isFinite(value) ? (value * 100).toFixed(1) : '–';
}

/** A fraction and its interval as percentages: `58.1 [56.2, 60.0]`. */
export function percentInterval(interval: Interval): string {
  return `${percent(interval.mean)} [${percent(interval.low)}, ${percent(interval.high)}]`;
}

/** A signed percentage-point difference: `+3.1`, `-0.4`. */
export function signedPercent(value: number): string {
  const text = percent(value);
  return value > 0 && text !== '0.0' ? `+${text}` : text;
}

/** A plain number with `digits` decimals, `–` when not finite. */
export function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

/** Options of `markdownTable`. */
export interface MarkdownTableOptions {
  /** Columns whose cells are padded on the left, such as numbers. @default none */
  readonly alignRight?: readonly number[];
}

/**
 * A Markdown table from a header row and body rows, every column padded to its widest cell (in
 * code points), the layout Biome and Prettier give tables, so a pasted table stays as printed.
 */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: MarkdownTableOptions = {},
): string {
  const right = new Set(options.alignRight ?? []);
  const length = (cell: string) => [...cell].length;
  const widths = header.map((cell, j) =>
    Math.max(3, length(cell), ...rows.map((row) => length(row[j] ?? ''))),
  );
  const pad = (cell: string, j: number) => {
    const space = ' '.repeat(widths[j]! - length(cell));
    return right.has(j) ? space + cell : cell + space;
  };
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = widths.map((width, j) =>
    right.has(j) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
  );
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}
