import fc from 'fast-check';
import { allCases } from './cases/all-cases.js';
import { mutationProperty, selectProperty } from './hostile-properties.js';
import { runCases } from './suite-table.js';

// The long run, outside CI: many more property runs, then every case again, for `--minutes`.
const at = process.argv.indexOf('--minutes');
const minutes = at === -1 ? 5 : Number(process.argv[at + 1]);
const until = Date.now() + minutes * 60_000;
let rounds = 0;
let runs = 0;
while (Date.now() < until) {
  const seed = Date.now() ^ (rounds * 2654435761);
  await fc.assert(selectProperty, { numRuns: 500, seed });
  await fc.assert(mutationProperty, { numRuns: 300, seed });
  const bad = (await runCases(allCases)).results.filter(({ result }) =>
    ['silently-wrong', 'crashed', 'hung'].includes(result.outcome),
  );
  if (bad.length > 0) {
    for (const { hostile, result } of bad)
      console.log(`${result.outcome}: ${hostile.name}: ${result.detail}`);
    process.exit(1);
  }
  rounds++;
  runs += 800 + allCases.length;
  console.log(`round ${rounds}: ${runs} attacks so far, none crashed, hung or silently wrong`);
}
