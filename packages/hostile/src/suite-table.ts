import { missingNeeds } from './case-needs.js';
import type { HostileCase, Outcome } from './hostile-case.js';
import { type CaseResult, runCase } from './run-case.js';

/** One row of the table: an issue item and how its cases ended. */
export interface TableRow {
  readonly item: number;
  readonly cases: number;
  readonly counts: Readonly<Record<Outcome, number>>;
}

const outcomes: readonly Outcome[] = [
  'typed-error',
  'handled',
  'silently-wrong',
  'crashed',
  'hung',
];

/**
 * Runs every case one after another (they start servers and time themselves); a case whose
 * programs are not installed is not run but listed in `skipped`, with why.
 */
export async function runCases(cases: readonly HostileCase[]): Promise<{
  results: { hostile: HostileCase; result: CaseResult }[];
  skipped: { hostile: HostileCase; why: string }[];
}> {
  const results: { hostile: HostileCase; result: CaseResult }[] = [];
  const skipped: { hostile: HostileCase; why: string }[] = [];
  for (const hostile of cases) {
    const why = missingNeeds(hostile);
    if (why === undefined) results.push({ hostile, result: await runCase(hostile) });
    else skipped.push({ hostile, why });
  }
  return { results, skipped };
}

/** Counts outcomes per issue item, plus a total row (item 0). */
export function tabulate(
  results: readonly { hostile: HostileCase; result: CaseResult }[],
): TableRow[] {
  const rows = new Map<number, Record<Outcome, number> & { cases: number }>();
  const empty = () => ({
    cases: 0,
    'typed-error': 0,
    handled: 0,
    'silently-wrong': 0,
    crashed: 0,
    hung: 0,
  });
  for (const { hostile, result } of results) {
    for (const item of [hostile.item, 0]) {
      const row = rows.get(item) ?? empty();
      row.cases++;
      row[result.outcome]++;
      rows.set(item, row);
    }
  }
  return [...rows]
    .sort(([a], [b]) => (a === 0 ? 1 : b === 0 ? -1 : a - b))
    .map(([item, { cases, ...counts }]) => ({ item, cases, counts }));
}

/** The table as Markdown, as the core README shows it. */
export function formatTable(
  rows: readonly TableRow[],
  titles: Readonly<Record<number, string>>,
): string {
  const lines = [
    '| item | cases | typed error | handled | silently wrong | crashed | hung |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const label = row.item === 0 ? '**total**' : `${row.item}. ${titles[row.item] ?? ''}`;
    lines.push(`| ${label} | ${row.cases} | ${outcomes.map((o) => row.counts[o]).join(' | ')} |`);
  }
  return lines.join('\n');
}
