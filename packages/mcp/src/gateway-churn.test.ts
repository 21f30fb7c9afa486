import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Gateway } from './gateway.js';
import { firstText, testGateway } from './test-helpers.js';

// Starts a real upstream process and churns it for seconds; a loaded machine needs time.
vi.setConfig({ testTimeout: 60_000 });

/**
 * A raw stdio MCP server renaming its `count` tools and sending `list_changed` every 10 ms for
 * `forMs` after the client initialized; its tool `listings` says how often it was listed.
 */
const churningServer = (count: number, forMs: number) => `
let generation = 0;
let listings = 0;
let churning = true;
const tools = () => [
  { name: 'listings', description: 'How often tools/list was asked', inputSchema: { type: 'object' } },
  ...Array.from({ length: ${count} }, (_, i) => ({
    name: 'widget_g' + generation + '_' + i,
    description: 'Widget report ' + i + ' of generation ' + generation,
    inputSchema: { type: 'object' },
  })),
];
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const answer = (request) => {
  if (request.method === 'initialize')
    return { protocolVersion: request.params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'churn', version: '1' } };
  if (request.method === 'tools/list') {
    listings++;
    return { tools: tools() };
  }
  if (request.method === 'tools/call')
    return { content: [{ type: 'text', text: JSON.stringify({ listings, generation, churning }) }] };
  return {};
};
let buffered = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  buffered += chunk;
  for (let end; (end = buffered.indexOf('\\n')) !== -1; ) {
    const request = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (request.method === 'notifications/initialized') {
      const timer = setInterval(() => {
        generation++;
        send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
      }, 10);
      setTimeout(() => { clearInterval(timer); churning = false; }, ${forMs});
    }
    if (request.id !== undefined) send({ jsonrpc: '2.0', id: request.id, result: answer(request) });
  }
});
`;

const gateways: Gateway[] = [];
afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.close();
});

interface Listings {
  listings: number;
  generation: number;
  churning: boolean;
}
const listingsOf = async (gateway: Gateway): Promise<Listings> =>
  JSON.parse(firstText(await gateway.call('churn__listings', {}))) as Listings;

describe('an upstream relisting without pause', () => {
  it('is listed and indexed at a pace, its tools searchable throughout, and its last list indexed once it stops', async () => {
    const { gateway } = await testGateway({
      mcpServers: {
        churn: { command: process.execPath, args: ['-e', churningServer(1000, 3000)] },
      },
    });
    gateways.push(gateway);
    let updates = 0;
    gateway.onChange(() => updates++);

    let searches = 0;
    let empty = 0;
    let status = await listingsOf(gateway);
    while (status.churning) {
      const { tools } = await gateway.search('widget report', { limit: 3 });
      searches++;
      if (tools.length === 0) empty++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (searches % 10 === 0) status = await listingsOf(gateway);
    }
    expect(empty).toBe(0);
    // 1,000 tools a list: 0.5 s between listings and 2 s between index updates, so about 6
    // listings and 2 updates in the 3 s; unpaced, the gateway lists and reindexes back to back.
    expect(status.listings).toBeLessThanOrEqual(12);
    expect(updates).toBeLessThanOrEqual(4);

    const last = `churn__widget_g${status.generation}_0`;
    await expect
      .poll(
        async () => {
          await gateway.settled();
          return gateway.entry(last) !== undefined;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const { tools } = await gateway.search(`widget report 0 of generation ${status.generation}`, {
      limit: 3,
    });
    expect(tools.map((tool) => tool.name)).toContain(last);
    expect(gateway.size).toBe(1001);
  });

  it('does not hold close() for the pause under way', async () => {
    const { gateway } = await testGateway({
      mcpServers: {
        churn: { command: process.execPath, args: ['-e', churningServer(4000, 30_000)] },
      },
    });
    // Closed below; closing again after a failed expectation only stops what is left.
    gateways.push(gateway);
    // Listed at start, after the first renaming (indexed at once, earning an 8 s pause), then
    // every 2 s: when the fourth listing is asked, the third one's index update is pausing.
    await expect
      .poll(async () => (await listingsOf(gateway)).listings, { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(3);
    const started = Date.now();
    await gateway.close();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
