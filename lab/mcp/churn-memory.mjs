// The gateway's memory against a churning upstream (issue 37): a stdio server renames all its
// tools and sends list_changed every `--every` ms for `--seconds`, then stops. Prints heap and
// external memory before, during and after the churn (after a full GC), and how many searches for
// that server's tools answered nothing while it churned.
// Run: node --import tsx --expose-gc lab/mcp/churn-memory.mjs [--tools 2000] [--every 50] [--seconds 60]
import { createGateway } from '@shortlist/mcp';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const toolCount = flag('--tools', 2000);
const every = flag('--every', 50);
const seconds = flag('--seconds', 60);
if (typeof globalThis.gc !== 'function') {
  console.error('churn-memory: run with node --expose-gc, so "after" is measured after a full GC');
  process.exit(2);
}

/** A raw JSON-RPC stdio server: each generation renames every tool and brings new words. */
const script = `
const count = ${toolCount};
let generation = 0;
let churning = true;
const tools = () => Array.from({ length: count }, (_, i) => ({
  name: 'widget_g' + generation + '_' + i,
  description: 'Churn widget report ' + i + ' batch g' + generation + 'w' + i + ' term q' + generation,
  inputSchema: { type: 'object', properties: { ['field_g' + generation]: { type: 'string' } } },
}));
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
let buffered = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf('\\n')) !== -1) {
    const request = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (request.method === 'notifications/initialized') {
      const timer = setInterval(() => { generation++; send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }); }, ${every});
      setTimeout(() => { clearInterval(timer); churning = false; }, ${seconds * 1000});
    }
    if (request.id === undefined) continue;
    const result = request.method === 'initialize'
      ? { protocolVersion: request.params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'churn', version: '1' } }
      : request.method === 'tools/list' ? { tools: tools() } : {};
    send({ jsonrpc: '2.0', id: request.id, result });
  }
});
`;

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
const memory = () => {
  const usage = process.memoryUsage();
  return `heap ${mb(usage.heapUsed)} MB, external ${mb(usage.external)} MB, rss ${mb(usage.rss)} MB`;
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
    mcpServers: { churn: { command: process.execPath, args: ['-e', script] } },
  },
  cacheDirectory: false,
  upstreamStderr: 'ignore',
  onWarning: (message) => warnings.push(message),
});
await gateway.settled();
await settle();
console.log(`${toolCount} tools, renamed every ${every} ms for ${seconds} s`);
console.log(`before:  ${memory()}`);

const started = Date.now();
let searches = 0;
let empty = 0;
let peakHeap = 0;
while (Date.now() - started < seconds * 1000) {
  const { tools } = await gateway.search('churn widget report', { limit: 5 });
  searches++;
  if (tools.length === 0) empty++;
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  if (searches % 200 === 0)
    console.log(`during:  ${memory()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await new Promise((resolve) => setTimeout(resolve, 2 * every + 500));
await gateway.settled();
await settle();
console.log(`after:   ${memory()} (peak heap during ${mb(peakHeap)} MB)`);
const { tools } = await gateway.search('churn widget report', { limit: 5 });
console.log(
  `searches during the churn: ${searches}, ${empty} answered nothing; after: ${tools.length} tools, ${gateway.size} in the catalogue`,
);
console.log(`warnings: ${warnings.length}${warnings.length ? ` (first: ${warnings[0]})` : ''}`);
await gateway.close();
