// CLI startup, median of 10 runs each: `--help` and a sample `select`, against bare `node -e 0`
// measured in the same run (the floor no lazy import can go below). The cases alternate, so load
// that comes and goes during the run weighs on each alike; the load average is printed with them.
// When NODE_EXTRA_CA_CERTS is set, every Node process parses that certificate bundle before any
// code runs (about 55 ms for Debian's on a 2-core machine), so each case also runs without it: the
// rows say which environment they are from. Run after `pnpm build`.
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../packages/cli/bin/shortlist.js', import.meta.url));
const runs = 10;
const goalMs = 150;
const commands = [
  ['node -e 0 (baseline)', ['-e', '0']],
  ['shortlist --help', [bin, '--help']],
  ['shortlist select "send an email" --json', [bin, 'select', 'send an email', '--json']],
];
const { NODE_EXTRA_CA_CERTS: certificates, ...withoutCertificates } = process.env;
const environments = [
  [
    certificates ? `as inherited (NODE_EXTRA_CA_CERTS=${certificates})` : 'as inherited',
    process.env,
  ],
  ...(certificates ? [['without NODE_EXTRA_CA_CERTS', withoutCertificates]] : []),
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
const cases = environments.flatMap(([environment, env]) =>
  commands.map(([label, args]) => ({ environment, env, label, args, times: [] })),
);
for (let i = 0; i < runs; i++) {
  for (const { env, label, args, times } of cases) {
    const start = process.hrtime.bigint();
    // Standard output is a pipe the parent reads, as when a script takes the JSON.
    const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`${label} exited ${result.status}: ${result.stderr}`);
  }
}
for (const [environment] of environments) {
  console.log(`environment ${environment}:`);
  const rows = cases.filter((row) => row.environment === environment);
  const baseline = median(rows[0].times);
  rows.forEach(({ label, times }, c) => {
    const ms = median(times);
    const verdict =
      c === 0 ? '' : ms <= goalMs ? `  PASS (≤ ${goalMs} ms)` : `  FAIL (> ${goalMs} ms)`;
    console.log(
      `  ${label.padEnd(44)} median ${ms.toFixed(0).padStart(5)} ms  (${(ms / baseline).toFixed(1)}× node -e 0, +${(ms - baseline).toFixed(0)} ms)${verdict}`,
    );
  });
}
console.log(
  `load average (1, 5, 15 min): ${before} before, ${load()} after, ${availableParallelism()} cores`,
);
