import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bm25 } from '@shortlist/bm25';
import { memoryExampleStore, pipe, semantic, toTools } from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot } from '@shortlist/core/kit';
import { lexical } from '@shortlist/lexical';
import { createGateway, serveHttp } from '@shortlist/mcp';
import { redisExampleStore } from '@shortlist/redis';
import { mcpInitialize } from '@shortlist/test-servers';
import { lexicalEmbedder } from '@shortlist/tfidf';
import { namesOf, ordinaryTools } from '../catalogue.js';
import { churnScript } from '../churn-upstream.js';
import type { HostileCase } from '../hostile-case.js';
import { type HttpUpstreamFault, startHttpUpstream } from '../http-upstream.js';
import { hostileGateway } from '../mcp-upstream.js';
import { withRedis } from '../redis-fixture.js';

const MiB = 1024 * 1024;

/** 10,000 tools with 40-character names; every 1,000th ends in `#`, the rest in `a`. */
const fortyCharacterTools = Array.from({ length: 10_000 }, (_, i) => ({
  name: `tool_${i}_`.padEnd(39, 'a') + (i % 1_000 === 0 ? '#' : 'a'),
  description: 'send an email to the team',
}));
const scopeCase = (glob: string): HostileCase => ({
  item: 15,
  name: `select({ only: '${glob}' }) at 10,000 tools with 40-character names (bound: p50 ≤ 50 ms in the latency table)`,
  wants: 'answer',
  run: async () =>
    (await pipe(bm25()).index(fortyCharacterTools)).select('send an email', {
      limit: 20,
      only: glob,
    }),
  check: (answer) => {
    const names = namesOf(answer);
    if (names.length !== 10) return `${names.length} tools, not the 10 whose names end in #`;
    return names.every((name) => name.endsWith('#')) ? undefined : `outside the scope: ${names}`;
  },
});

/** A gateway over one hostile HTTP upstream named `big`, warnings collected. */
async function overHttp<T>(
  fault: HttpUpstreamFault,
  use: (gateway: Awaited<ReturnType<typeof createGateway>>, warnings: string[]) => Promise<T>,
): Promise<T> {
  const upstream = await startHttpUpstream(fault);
  const warnings: string[] = [];
  try {
    const gateway = await createGateway({
      config: { mcpServers: { big: { url: upstream.url } } },
      cacheDirectory: false,
      startWaitMs: 10_000,
      reconnectDelayMs: 5_000,
      onWarning: (message) => warnings.push(message),
    });
    try {
      return await use(gateway, warnings);
    } finally {
      await gateway.close();
    }
  } finally {
    await upstream.close();
  }
}

const capNamed = /over 10 MiB \(10485760 bytes\)/;
const resultCase = (events: boolean): HostileCase => ({
  item: 15,
  name: `gateway: a Streamable-HTTP upstream answering 40 MiB ${events ? 'as an event stream' : 'as a JSON body'} (bound: 10 MiB read, an isError naming the cap)`,
  wants: 'answer',
  run: () =>
    overHttp({ oversized: 'result', bytes: 40 * MiB, events }, async (gateway) => ({
      result: await gateway.call('big__huge_result', {}),
    })),
  check: (answer) => {
    const { result } = answer as { result: { isError?: boolean; content: { text: string }[] } };
    if (result.isError !== true) return 'the oversized result was passed on';
    return capNamed.test(result.content[0]?.text ?? '')
      ? undefined
      : `the error does not name the cap: ${result.content[0]?.text}`;
  },
});

/** Raw JSON-RPC to a served gateway: initialize, then one tools/call; the answer's text. */
async function callServed(url: URL, name: string, args: unknown): Promise<string> {
  const post = async (body: unknown, session?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const opened = await post(mcpInitialize('hostile'));
  const session = opened.headers.get('mcp-session-id') ?? undefined;
  await opened.text();
  const called = await post(
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } },
    session,
  );
  return called.text();
}

/** 16 needs of 4,000 characters each, every one distinct. */
const longNeeds = Array.from({ length: 16 }, (_, i) =>
  `need ${i}: echo a message back ${`and more words number ${i} `.repeat(150)}`.slice(0, 4_000),
);

/** Item 15: issue 37's findings outside learning: scopes, upstreams, snapshots, `at`, stream keys. */
export const boundedAgainCases: HostileCase[] = [
  scopeCase('?*?*?*?*#'),
  scopeCase('?*?*?*?*?*#'),
  resultCase(false),
  resultCase(true),
  {
    item: 15,
    name: 'gateway: an HTTP upstream whose tools/list is 12 MiB (bound: named in a warning)',
    wants: 'answer',
    run: () =>
      overHttp({ oversized: 'list', bytes: 12 * MiB }, async (gateway, warnings) => ({
        size: gateway.size,
        warnings,
      })),
    check: (answer) => {
      const { warnings } = answer as { warnings: string[] };
      return warnings.some(
        (warning) => /answering tools\/list/.test(warning) && capNamed.test(warning),
      )
        ? undefined
        : `no warning names the oversized tools/list: ${warnings.join(' | ') || '(none)'}`;
    },
  },
  {
    item: 15,
    name: 'gateway: search_tools with 16 needs of 4,000 characters (bound: no need text repeated in the answer)',
    wants: 'answer',
    run: async () => {
      const { gateway } = await hostileGateway();
      try {
        const served = await serveHttp(gateway, {});
        try {
          return await callServed(served.url, 'search_tools', { queries: longNeeds, limit: 3 });
        } finally {
          await served.close();
        }
      } finally {
        await gateway.close();
      }
    },
    check: (answer) => {
      const text = answer as string;
      if (!text.includes('odd__echo')) return `the answer found no tool: ${text.slice(0, 300)}`;
      const repeated = longNeeds.filter((need) => text.includes(need.slice(0, 200))).length;
      return repeated === 0 ? undefined : `${repeated} needs' text repeated in the answer`;
    },
  },
  {
    item: 15,
    name: 'gateway: an upstream renaming 500 tools every 50 ms for 3 s (bound: 0 searches find none of them)',
    wants: 'answer',
    run: async () => {
      const gateway = await createGateway({
        config: {
          mcpServers: {
            churn: { command: process.execPath, args: ['-e', churnScript(500, 50, 3_000)] },
          },
        },
        cacheDirectory: false,
        upstreamStderr: 'ignore',
        startWaitMs: 10_000,
        onWarning: () => undefined,
      });
      try {
        let searches = 0;
        let empty = 0;
        const until = Date.now() + 3_000;
        while (Date.now() < until) {
          const { tools } = await gateway.search('churn widget report', { limit: 3 });
          searches++;
          if (tools.length === 0) empty++;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return { searches, empty };
      } finally {
        await gateway.close();
      }
    },
    check: (answer) => {
      const { searches, empty } = answer as { searches: number; empty: number };
      return empty === 0 ? undefined : `${empty} of ${searches} searches found none of its tools`;
    },
  },
  {
    item: 15,
    name: 'restore(): an unstamped bm25 part against a renamed catalogue',
    wants: 'typed-error',
    errorSays: /unstamped/,
    run: async () => {
      const raw = (await bm25().doIndex(toTools(ordinaryTools))).doSnapshot!();
      const renamed = ordinaryTools.map((tool, i) =>
        i === 0 ? { ...tool, name: 'send_fax' } : tool,
      );
      return pipe(bm25()).restore(renamed, { bm25: raw });
    },
  },
  {
    item: 15,
    name: 'semantic(): a restored row of zeros for a tool the embedder gives a real vector',
    wants: 'typed-error',
    errorSays: /all zeros/,
    run: async () => {
      const embedder = lexicalEmbedder({ dimensions: 64 });
      const tools = toTools(ordinaryTools);
      const index = await semantic({ embedder }).doIndex(tools);
      const content = decodeSnapshot(index.doSnapshot!(), { kind: 'semantic', formatVersion: 2 });
      const rows = Float32Array.from(content.arrays[0] as Float32Array);
      rows.fill(0, 64, 128);
      return semantic({ embedder }).doRestore!(
        encodeSnapshot({ ...content, arrays: [rows] }),
        tools,
      );
    },
  },
  {
    item: 15,
    name: 'learn(): an example at 8.64e15 ms, which would never age out',
    wants: 'typed-error',
    errorSays: /at is 8640000000000000, outside 2000-01-01/,
    run: async () => {
      const picker = await lexical({ examples: memoryExampleStore() }).index(ordinaryTools);
      return picker.learn([{ query: 'mail the team', tool: 'send_email', at: 8.64e15 }]);
    },
  },
  {
    item: 15,
    name: 'caughtUp() when the catalogue stream key holds a string',
    wants: 'typed-error',
    errorSays: /shortlist:catalogue:default holds another type/,
    needs: ['redis-server'],
    run: () =>
      withRedis([], async (redis) => {
        await redis.admin.set('shortlist:catalogue:default', 'not a stream');
        const follower = await redis.follow([]);
        return follower.sync.caughtUp();
      }),
  },
  {
    item: 15,
    name: 'redisExampleStore: 2,000 examples from one source after 200 from 20 others, maxExamples 1,000 (bound: every earlier one kept, the stream at most 1,000 entries)',
    wants: 'answer',
    needs: ['redis-server'],
    run: () =>
      withRedis([], async (redis) => {
        const store = redisExampleStore({ redis: redis.url, maxExamples: 1_000, blockMs: 200 });
        try {
          await store.addExamples(
            Array.from({ length: 200 }, (_, i) => ({
              query: `honest request ${i}`,
              tool: `tool_${i % 7}`,
              source: `user ${i % 20}`,
            })),
          );
          for (let batch = 0; batch < 4; batch++) {
            await store.addExamples(
              Array.from({ length: 500 }, (_, i) => ({
                query: `flood ${batch} ${i}`,
                tool: 'tool_0',
                source: 'attacker',
              })),
            );
          }
          const kept = await store.readExamples();
          return {
            honest: kept.filter((example) => example.source !== 'attacker').length,
            entries: await redis.admin.xlen('shortlist:examples:default'),
          };
        } finally {
          await store.close();
        }
      }),
    check: (answer) => {
      const { honest, entries } = answer as { honest: number; entries: number };
      if (honest !== 200) return `${honest} of 200 earlier examples kept`;
      return entries <= 1_000 ? undefined : `the stream holds ${entries} entries`;
    },
  },
  {
    item: 15,
    name: 'redisExampleStore: a forgotten request, then SAVE (bound: its stored form nowhere in dump.rdb)',
    wants: 'answer',
    needs: ['redis-server'],
    run: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'hostile-dump-'));
      try {
        return await withRedis(
          ['--dir', dir, '--dbfilename', 'dump.rdb', '--rdbcompression', 'no'],
          async (redis) => {
            const store = redisExampleStore({ redis: redis.url, blockMs: 200 });
            try {
              const picker = await lexical({ examples: store }).index(ordinaryTools);
              const [forget, keep] = ['refill my insulin prescription', 'book a table for two'];
              await picker.learn([
                { query: forget, tool: 'refund_payment' },
                { query: keep, tool: 'create_event' },
              ]);
              const [stored, kept] = (await store.readExamples()).map((example) => example.query);
              await picker.forget({ query: forget });
              picker.dispose();
              await redis.admin.save();
              const dump = await readFile(join(dir, 'dump.rdb'), 'latin1');
              return { forgotten: dump.includes(stored!), keptFound: dump.includes(kept!) };
            } finally {
              await store.close();
            }
          },
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    check: (answer) => {
      const { forgotten, keptFound } = answer as { forgotten: boolean; keptFound: boolean };
      if (!keptFound) return 'the kept request is not in the dump either: the check cannot tell';
      return forgotten ? 'the forgotten request is still in dump.rdb' : undefined;
    },
  },
];
