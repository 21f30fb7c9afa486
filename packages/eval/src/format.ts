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

/** Markdown table from a header row and body rows, cells padded so the columns line up. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const length = (cell: string) => [...cell].length;
  const widths = header.map((cell, j) =>
    Math.max(3, length(cell), ...rows.map((row) => length(row[j] ?? ''))),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, j) => cell + ' '.repeat(widths[j]! - length(cell))).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}
