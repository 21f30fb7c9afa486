// The gateway's memory against a churning upstream (issue 37): a stdio server (the hostile
// suite's churnScript) renames all its tools and sends list_changed every `--every` ms for
// `--seconds`, after `--warm` seconds of searches without churn, then stops. Prints heap,
// external memory and RSS at start, after the warm-up ("before"), during and after the churn
// (each after a full GC), and how many searches found none of that server's tools meanwhile.
// Run: node --import tsx --expose-gc lab/mcp/churn-memory.mjs [--tools 2000] [--every 50] [--seconds 60] [--warm 10]
import { churnScript } from '@shortlist/hostile';
import { createGateway } from '@shortlist/mcp';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const toolCount = flag('--tools', 2000);
const every = flag('--every', 50);
const seconds = flag('--seconds', 60);
const warm = flag('--warm', 10);
if (typeof globalThis.gc !== 'function') {
  console.error('churn-memory: run with node --expose-gc, so "after" is measured after a full GC');
  process.exit(2);
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
const memory = () => {
  const usage = process.memoryUsage();
  return `heap ${mb(usage.heapUsed)} MB (of ${mb(usage.heapTotal)}), external ${mb(usage.external)} MB, rss ${mb(usage.rss)} MB`;
};
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const warnings = [];
const gateway = await createGateway({
  config: {
    mcpServers: {
      churn: {
        command: process.execPath,
        args: ['-e', churnScript(toolCount, every, seconds * 1000, warm * 1000)],
      },
    },
  },
  cacheDirectory: false,
  upstreamStderr: 'ignore',
  onWarning: (message) => warnings.push(message),
});
await gateway.settled();
await settle();
console.log(
  `${toolCount} tools, renamed every ${every} ms for ${seconds} s after ${warm} s of searches`,
);
console.log(`start:   ${memory()}`);

/** Searches for the churning server's tools until `untilMs`; counts those that found none. */
const searchUntil = async (untilMs, during) => {
  let searches = 0;
  let empty = 0;
  let peakHeap = 0;
  const started = Date.now();
  while (Date.now() < untilMs) {
    const { tools } = await gateway.search('churn widget report', { limit: 5 });
    searches++;
    if (tools.length === 0) empty++;
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    if (during && searches % 200 === 0)
      console.log(`during:  ${memory()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { searches, empty, peakHeap };
};

const began = Date.now();
// Measured 2 s before the churn starts, so no relist is under way.
await searchUntil(began + warm * 1000 - 2000, false);
await settle();
console.log(`before:  ${memory()}`);
const churn = await searchUntil(began + (warm + seconds) * 1000, true);
await new Promise((resolve) => setTimeout(resolve, 2 * every + 500));
await gateway.settled();
await settle();
console.log(`after:   ${memory()} (peak heap during ${mb(churn.peakHeap)} MB)`);
const { tools } = await gateway.search('churn widget report', { limit: 5 });
console.log(
  `searches during the churn: ${churn.searches}, ${churn.empty} answered nothing; after: ${tools.length} tools, ${gateway.size} in the catalogue`,
);
console.log(`warnings: ${warnings.length}${warnings.length ? ` (first: ${warnings[0]})` : ''}`);
await gateway.close();
