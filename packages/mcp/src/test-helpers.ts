import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bm25 } from '@shortlist/bm25';
import type { RankerV1 } from '@shortlist/core';
import { createGateway, type Gateway } from './gateway.js';
import type { GatewayOptions } from './gateway-options.js';

/** The small MCP server the tests start as a child process. */
const toolServerScript = fileURLToPath(new URL('../test-servers/tool-server.mjs', import.meta.url));

/** An `mcpServers` entry that starts the test server over stdio with node. */
export function stdioUpstream(args: string[] = [], env: Record<string, string> = {}) {
  return { command: process.execPath, args: [toolServerScript, ...args], env };
}

/** Starts the test server over Streamable HTTP (or `--sse`); resolves with its URL once it listens. */
export async function httpUpstream(
  args: string[] = [],
): Promise<{ url: string; stop(): Promise<void> }> {
  const transport = args.includes('--sse') ? [] : ['--http'];
  const child: ChildProcess = spawn(process.execPath, [toolServerScript, ...transport, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: chunk.toString().trim(),
    async stop() {
      if (child.exitCode === null) {
        child.kill();
        await once(child, 'exit');
      }
    },
  };
}

/** A gateway with quick timings, no disk cache and its warnings collected. */
export async function testGateway(
  config: unknown,
  options: Partial<GatewayOptions> = {},
): Promise<{ gateway: Gateway; warnings: string[] }> {
  const warnings: string[] = [];
  const gateway = await createGateway({
    config,
    cacheDirectory: false,
    upstreamStderr: 'ignore',
    reconnectDelayMs: 50,
    connectTimeoutMs: 10_000,
    // Waits for every upstream, as tests of a loaded machine expect all tools at start.
    startWaitMs: 10_000,
    onWarning: (message) => warnings.push(message),
    ...options,
  });
  return { gateway, warnings };
}

/** The real SDK client connected to a gateway URL. */
export async function httpClient(url: URL | string): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The text of a tool result's first content block. */
export function firstText(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content;
  return content[0]?.text ?? '';
}

/** The tools a `search_tools` result names, in order. */
export function foundNames(result: unknown): string[] {
  return (JSON.parse(firstText(result)) as { tools: { name: string }[] }).tools.map(
    (tool) => tool.name,
  );
}

/** A bm25 ranker that counts how often it indexes from scratch and how often it adds. */
export function countingBm25() {
  const inner = bm25();
  const counts = { index: 0, add: 0, remove: 0 };
  const ranker: RankerV1 = {
    ...inner,
    async doIndex(tools, options) {
      counts.index++;
      const index = await inner.doIndex(tools, options);
      return {
        ...index,
        doRank: index.doRank.bind(index),
        doAdd: async (added, addOptions) => {
          counts.add++;
          await index.doAdd!(added, addOptions);
        },
        doRemove: async (names, removeOptions) => {
          counts.remove++;
          await index.doRemove!(names, removeOptions);
        },
      };
    },
  };
  return { ranker, counts };
}
