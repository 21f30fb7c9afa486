import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createGateway, serveHttp } from '../dist/index.js';

const script = new URL('./tool-server.mjs', import.meta.url).pathname;
let t = performance.now();
const gateway = await createGateway({
  config: {
    mcpServers: { many: { command: process.execPath, args: [script, '--generated', '500'] } },
  },
  cacheDirectory: false,
  upstreamStderr: 'ignore',
  reconnectDelayMs: 50,
});
console.log('start', performance.now() - t);
const queries = Array.from({ length: 1000 }, (_, i) => `handles invoices for team ${i % 97}`);
t = performance.now();
for (const q of queries) await gateway.search(q, { limit: 3 });
console.log('1000 in-process searches', performance.now() - t);
const served = await serveHttp(gateway);
const client = new Client({ name: 't', version: '1' });
await client.connect(new StreamableHTTPClientTransport(served.url));
t = performance.now();
for (const q of queries.slice(0, 100))
  await client.callTool({ name: 'search_tools', arguments: { query: q, limit: 3 } });
console.log('100 sequential http', performance.now() - t);
t = performance.now();
await Promise.all(
  queries.map((q) => client.callTool({ name: 'search_tools', arguments: { query: q, limit: 3 } })),
);
console.log('1000 concurrent http', performance.now() - t);
t = performance.now();
try {
  await client.callTool({
    name: 'call_tool',
    arguments: { name: 'many__crash_server', arguments: {} },
  });
} catch (e) {
  console.log('crash err', performance.now() - t, String(e));
}
t = performance.now();
for (;;) {
  try {
    await client.callTool({
      name: 'call_tool',
      arguments: { name: 'many__echo', arguments: { message: 'x' } },
    });
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 20));
  }
}
console.log('reconnected', performance.now() - t);
await client.close();
await served.close();
await gateway.close();
{
  const gateway2 = await createGateway({
    config: { mcpServers: { many: { command: process.execPath, args: [script] } } },
    cacheDirectory: false,
    upstreamStderr: 'ignore',
  });
  const served2 = await serveHttp(gateway2);
  const c2 = new Client({ name: 't', version: '1' });
  await c2.connect(new StreamableHTTPClientTransport(served2.url));
  let t2 = performance.now();
  for (let i = 0; i < 100; i++) await c2.listTools();
  console.log('100 sequential listTools', performance.now() - t2);
  t2 = performance.now();
  for (let i = 0; i < 100; i++) await gateway2.search('echo', { limit: 3 });
  console.log('100 in-process small', performance.now() - t2);
  await c2.close();
  await served2.close();
  await gateway2.close();
}
