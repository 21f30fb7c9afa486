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

/** Markdown table from a header row and body rows. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
