export { allCases, itemTitles } from './cases/all-cases.js';
export { churnScript } from './churn-upstream.js';
export type { HostileCase, Outcome, Wanted } from './hostile-case.js';
export { CASE_DEADLINE_MS, type CaseResult, runCase } from './run-case.js';
export { formatTable, runCases, type TableRow, tabulate } from './suite-table.js';
