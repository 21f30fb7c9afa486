import { type HttpOptions, parseServerConfig, serveHttp } from '@shortlist/mcp';
import type { HostileCase } from '../hostile-case.js';
import { hostileGateway } from '../mcp-upstream.js';

const protocolVersion = '2025-06-18';

/** One raw JSON-RPC POST, as a client that never cleans up sends it. */
async function post(url: URL, body: unknown, session?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(session === undefined
        ? {}
        : { 'mcp-session-id': session, 'mcp-protocol-version': protocolVersion }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    session: response.headers.get('mcp-session-id') ?? undefined,
    body: await response.text(),
  };
}

const initialize = (url: URL) =>
  post(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'hostile', version: '1' } },
  });

/** Serves the hostile gateway over HTTP on 127.0.0.1 for `use`, then closes both. */
async function withServed<T>(
  options: HttpOptions,
  use: (served: Awaited<ReturnType<typeof serveHttp>>) => Promise<T>,
): Promise<T> {
  const { gateway } = await hostileGateway();
  try {
    const served = await serveHttp(gateway, options);
    try {
      return await use(served);
    } finally {
      await served.close();
    }
  } finally {
    await gateway.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Item 13: issue 23's gateway findings, through `@shortlist/mcp`'s public API. */
export const gatewayCases: HostileCase[] = [
  {
    item: 13,
    name: 'gateway HTTP with maxSessions 2: a third client initializing',
    wants: 'answer',
    run: () =>
      withServed({ maxSessions: 2 }, async (served) => {
        const statuses: number[] = [];
        let refusal = '';
        for (let i = 0; i < 3; i++) {
          const answer = await initialize(served.url);
          statuses.push(answer.status);
          if (answer.status !== 200) refusal = answer.body;
        }
        return { statuses, refusal, sessions: served.sessions };
      }),
    check: (answer) => {
      const { statuses, refusal, sessions } = answer as {
        statuses: number[];
        refusal: string;
        sessions: number;
      };
      if (statuses.join() !== '200,200,503') return `statuses ${statuses.join()}, not 200,200,503`;
      if (!/"reason":"session-limit"/.test(refusal))
        return `refusal without its reason: ${refusal}`;
      return sessions === 2 ? undefined : `${sessions} sessions open, not 2`;
    },
  },
  {
    item: 13,
    name: 'gateway HTTP with sessionIdleMs 200: an idle session, then a new client',
    wants: 'answer',
    run: () =>
      withServed({ maxSessions: 1, sessionIdleMs: 200 }, async (served) => {
        const idle = await initialize(served.url);
        for (let waited = 0; served.sessions > 0 && waited < 5000; waited += 50) await sleep(50);
        const late = await post(
          served.url,
          { jsonrpc: '2.0', id: 2, method: 'ping' },
          idle.session,
        );
        const next = await initialize(served.url);
        return { first: idle.status, late: late.status, next: next.status };
      }),
    check: (answer) => {
      const { first, late, next } = answer as { first: number; late: number; next: number };
      if (first !== 200) return `first session got ${first}`;
      if (late !== 404) return `the expired session was answered with ${late}, not 404`;
      return next === 200 ? undefined : `the freed place was not given to a new client (${next})`;
    },
  },
  {
    item: 13,
    name: 'serveHttp({ host: "0.0.0.0" }) without a bearer token',
    wants: 'typed-error',
    run: () => withServed({ host: '0.0.0.0' }, async (served) => served.url),
  },
  {
    item: 13,
    name: 'serveHttp({ maxSessions: 1.5 })',
    wants: 'typed-error',
    run: () => withServed({ maxSessions: 1.5 }, async (served) => served.url),
  },
  {
    item: 13,
    name: 'an upstream URL with an ftp: scheme',
    wants: 'typed-error',
    run: async () => parseServerConfig({ mcpServers: { a: { url: 'ftp://127.0.0.1/mcp' } } }),
  },
  {
    item: 13,
    name: 'an upstream tool whose inputSchema nests 2,500 levels',
    wants: 'answer',
    run: async () => {
      const { gateway, warnings } = await hostileGateway(2500);
      try {
        const found = await gateway.search('echo a message');
        return {
          deep: gateway.entry('odd__deep_schema') !== undefined,
          found: found.tools.map((tool) => tool.name),
          warnings,
        };
      } finally {
        await gateway.close();
      }
    },
    check: (answer) => {
      const { deep, found, warnings } = answer as {
        deep: boolean;
        found: string[];
        warnings: string[];
      };
      if (deep) return 'the 2,500-level tool is served';
      if (!found.includes('odd__echo')) return `the ordinary tools are not served: ${found}`;
      return warnings.some((warning) => /skipped "deep_schema".*nests deeper/.test(warning))
        ? undefined
        : `no warning names the skipped tool: ${warnings.join('; ')}`;
    },
  },
  {
    item: 13,
    name: "call_tool with pattern ^(a+)+$ and 'a'×29 + '!'",
    wants: 'answer',
    run: async () => {
      const { gateway } = await hostileGateway();
      try {
        const started = performance.now();
        const result = await gateway.call('odd__match_text', { text: `${'a'.repeat(29)}!` });
        const content = result.content as { type: string; text?: string }[];
        return { ms: performance.now() - started, text: content[0]?.text ?? '' };
      } finally {
        await gateway.close();
      }
    },
    check: (answer) => {
      const { ms, text } = answer as { ms: number; text: string };
      if (ms > 2000) return `the call took ${Math.round(ms)} ms: the pattern backtracked`;
      return text.startsWith('upstream got ') ? undefined : `the upstream was not called: ${text}`;
    },
  },
  {
    item: 13,
    name: 'call_tool to an upstream that reports progress forever (maxCallMs 1500)',
    wants: 'answer',
    run: async () => {
      const { gateway } = await hostileGateway(0, { callTimeoutMs: 300, maxCallMs: 1500 });
      let progress = 0;
      try {
        await gateway.call('odd__long_export', {}, { onprogress: () => void progress++ });
        return { progress, ended: 'answered' };
      } catch (error) {
        return { progress, ended: error instanceof Error ? error.message : String(error) };
      } finally {
        await gateway.close();
      }
    },
    check: (answer) => {
      const { progress, ended } = answer as { progress: number; ended: string };
      // Progress must have outlived the 300 ms per-wait timeout: only the total cap ended the call.
      if (progress < 10) return `only ${progress} progress notes arrived: the attack did not run`;
      return /within its 1500 ms limit, progress or not/.test(ended)
        ? undefined
        : `the call did not end at maxCallMs: ${ended}`;
    },
  },
];
