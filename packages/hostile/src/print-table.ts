import { allCases, itemTitles } from './cases/all-cases.js';
import { formatTable, runCases, tabulate } from './suite-table.js';

// Prints the suite's table (the one in the core README) and every case that did not hold.
const { results, skipped } = await runCases(allCases);
console.log(formatTable(tabulate(results), itemTitles));
const bad = results.filter(({ result }) =>
  ['silently-wrong', 'crashed', 'hung'].includes(result.outcome),
);
for (const { hostile, result } of bad) {
  console.log(`\n${result.outcome}: item ${hostile.item}, ${hostile.name}: ${result.detail}`);
}
for (const { hostile, why } of skipped) {
  console.log(`\nskipped (not counted above): item ${hostile.item}, ${hostile.name}: ${why}`);
}
process.exitCode = bad.length === 0 ? 0 : 1;
