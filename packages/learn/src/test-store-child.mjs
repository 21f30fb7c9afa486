// A process using a file example store, for the multi-process tests: node test-store-child.mjs
// <path> <mode> <label> <count>. "append" adds `label example i` one call each (forever when
// count is 0), printing i once it resolved; "churn" adds and forgets a throwaway example, and
// compacts every 10 rounds. Imports the built package, as another program would.
import { fileExampleStore } from '../dist/node.js';

const [path, mode, label, count] = process.argv.slice(2);
const warnings = [];
const store = fileExampleStore(path, { onWarning: (message) => warnings.push(message) });
const rounds = Number(count) || Number.POSITIVE_INFINITY;
for (let i = 0; i < rounds; i++) {
  if (mode === 'append') {
    await store.addExamples([{ query: `${label} example ${i}`, tool: `tool_${label}` }]);
    process.stdout.write(`${i}\n`);
  } else {
    await store.addExamples([{ query: `${label} throwaway ${i}`, tool: 'throwaway' }]);
    await store.forgetExamples({ tool: 'throwaway' });
    if (i % 10 === 9) await store.compact();
  }
}
await store.close();
if (warnings.length > 0) {
  process.stderr.write(warnings.join('\n'));
  process.exit(3);
}
