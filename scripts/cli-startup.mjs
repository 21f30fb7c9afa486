// CLI startup, median of 10 runs each: `--help` and a sample `select`, against bare `node -e 0`
// measured in the same run (the floor no lazy import can go below). The three alternate, so load
// that comes and goes during the run weighs on each alike; the load average is printed with them.
// Run after `pnpm build`.
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../packages/cli/bin/shortlist.js', import.meta.url));
const runs = 10;
const cases = [
  ['node -e 0 (baseline)', ['-e', '0']],
  ['shortlist --help', [bin, '--help']],
  ['shortlist select "send an email" --json', [bin, 'select', 'send an email', '--json']],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const before = load();
const times = cases.map(() => []);
for (let i = 0; i < runs; i++) {
  cases.forEach(([label, args], c) => {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    times[c].push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`${label} exited ${result.status}: ${result.stderr}`);
  });
}
const baseline = median(times[0]);
cases.forEach(([label], c) => {
  const ms = median(times[c]);
  const verdict = c === 0 ? '' : ms <= 150 ? '  PASS (≤ 150 ms)' : '  FAIL (> 150 ms)';
  console.log(
    `${label.padEnd(44)} median ${ms.toFixed(0).padStart(5)} ms  (${(ms / baseline).toFixed(1)}× node -e 0)${verdict}`,
  );
});
console.log(
  `load average (1, 5, 15 min): ${before} before, ${load()} after, ${availableParallelism()} cores`,
);
