// A small MCP server the gateway tests start as a child process, over stdio or Streamable HTTP.
// Flags: --http (serve on 127.0.0.1, print the URL), --prefix P (tool-name prefix),
// --generated N (extra generated tools), --page-size K (paginate tools/list),
// --tools-file F --offset K --count N (serve benchmark definitions instead of the fixed tools),
// --malformed (one tool with a broken input schema), --reject-auth (401 echoing the credentials and URL, encoded several ways),
// --deep N (a tool whose input schema nests about N levels), --wide N (a tool with N properties),
// --evil-pattern (a tool whose schema regexes backtrack exponentially),
// --leak-stderr (print SECRET_TOKEN to stderr in several encodings, and a 200,000-character line),
// --sse (serve the older HTTP+SSE transport on 127.0.0.1, print the URL of its /sse stream),
// --delay-initialize MS (read nothing, so answer no initialize, for MS milliseconds; over stdio),
// --huge-result (a tool answering as many megabytes as asked),
// --huge-list (twelve tools of 900,000 characters: a tools/list over 10 MiB),
// --json-response (over --http, answer with JSON bodies instead of event streams).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? fallback : argv[at + 1];
};
const prefix = value('prefix', '');
const pageSize = Number(value('page-size', '0'));

const object = (properties, required = []) => ({ type: 'object', properties, required });
const fixedTools = [
  {
    name: 'echo',
    description: 'Echo a message back unchanged',
    inputSchema: object({ message: { type: 'string' } }, ['message']),
  },
  {
    name: 'add_numbers',
    description: 'Add two numbers and return the sum',
    inputSchema: object({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
  },
  {
    name: 'render_chart',
    description: 'Render a bar chart as a PNG image',
    inputSchema: object({ title: { type: 'string' } }),
  },
  {
    name: 'delete_file',
    description: 'Delete a file; always fails with a tool error',
    inputSchema: object({ path: { type: 'string' } }),
  },
  {
    name: 'long_export',
    description: 'Export a large report slowly, reporting progress, until cancelled or finished',
    inputSchema: object({ steps: { type: 'integer' }, delayMs: { type: 'integer' } }),
  },
  {
    name: 'export_status',
    description: 'Say whether the last long export was cancelled',
    inputSchema: object({}),
  },
  {
    name: 'crash_server',
    description: 'Crash the server process mid-call',
    inputSchema: object({}),
  },
  { name: 'hang_forever', description: 'Never answer', inputSchema: object({}) },
  {
    name: 'install_plugin',
    description: 'Install a plugin, adding its tool and announcing the change',
    inputSchema: object({ name: { type: 'string' } }, ['name']),
  },
  {
    name: 'uninstall_plugin',
    description: 'Uninstall a plugin, removing its tool and announcing the change',
    inputSchema: object({ name: { type: 'string' } }, ['name']),
  },
  {
    name: 'whoami',
    description: 'Report the value of the SECRET_TOKEN environment variable',
    inputSchema: object({}),
  },
];
const generated = Array.from({ length: Number(value('generated', '0')) }, (_, i) => ({
  name: `generated_${i}`,
  description: `Generated tool number ${i} that handles ${['invoices', 'tickets', 'calendars', 'repositories', 'messages'][i % 5]} for team ${i % 97}`,
  inputSchema: object({ id: { type: 'string', description: `identifier ${i}` } }),
}));
/** Real definitions from a benchmark tools.jsonl (`--tools-file`), `--count` of them from `--offset`. */
const fromFile = value('tools-file')
  ? readFileSync(value('tools-file'), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .slice(
        Number(value('offset', '0')),
        Number(value('offset', '0')) + Number(value('count', '100')),
      )
      .map((line) => JSON.parse(line))
      .map((tool) => ({
        name: tool.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100),
        description: tool.description,
        inputSchema: { ...tool.parameters, type: 'object' },
      }))
  : [];
const malformed = flag('malformed')
  ? [
      {
        name: 'broken_schema',
        description: 'A tool whose schema is not an object',
        inputSchema: { type: 'array' },
      },
    ]
  : [];
/** Hostile definitions: nested past any stack, or megabytes wide. */
const nested = (levels) => {
  let schema = { type: 'string' };
  for (let i = 1; i < levels; i++) schema = { type: 'array', items: schema };
  return { type: 'object', properties: { x: schema } };
};
const oversized = [
  ...(value('deep')
    ? [
        {
          name: 'deep_schema',
          description: 'A tool nested deep',
          inputSchema: nested(Number(value('deep'))),
        },
      ]
    : []),
  ...(value('wide')
    ? [
        {
          name: 'wide_schema',
          description: 'A tool with very many properties',
          inputSchema: object(
            Object.fromEntries(
              Array.from({ length: Number(value('wide')) }, (_, i) => [
                `p${i}`,
                { type: 'string' },
              ]),
            ),
          ),
        },
      ]
    : []),
];
/** `^(a+)+$` takes 2^n steps to reject n a's and a "!" in a backtracking engine. */
const evil = flag('evil-pattern')
  ? [
      {
        name: 'match_text',
        description: 'Match a text against a strict pattern',
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string', pattern: '^(a+)+$' } },
          patternProperties: { '^(b+)+$': { type: 'string', pattern: '^(c+)+$' } },
          required: ['text'],
        },
      },
    ]
  : [];
const hugeResult = flag('huge-result')
  ? [
      {
        name: 'huge_result',
        description: 'Return a text of the given number of megabytes',
        inputSchema: object({ megabytes: { type: 'number' } }, ['megabytes']),
      },
    ]
  : [];
const hugeList = flag('huge-list')
  ? Array.from({ length: 12 }, (_, i) => ({
      name: `bulky_${i}`,
      description: `Bulky tool ${i} ${'x'.repeat(900_000)}`,
      inputSchema: object({}),
    }))
  : [];
const plugins = new Map();

const allTools = () =>
  [
    ...(fromFile.length ? [] : fixedTools),
    ...fromFile,
    ...generated,
    ...malformed,
    ...oversized,
    ...evil,
    ...hugeList,
    ...hugeResult,
    ...plugins.values(),
  ].map((tool) => ({
    ...tool,
    name: `${prefix}${tool.name}`,
  }));

let lastExportCancelled = false;
const text = (value) => ({ content: [{ type: 'text', text: value }] });
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function createMcpServer() {
  const server = new Server(
    { name: 'tool-server', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const tools = allTools();
    if (!pageSize) return { tools };
    const start = Number(request.params?.cursor ?? '0');
    const next = start + pageSize;
    return {
      tools: tools.slice(start, next),
      ...(next < tools.length ? { nextCursor: String(next) } : {}),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name.slice(prefix.length);
    const args = request.params.arguments ?? {};
    switch (name) {
      case 'echo':
        return text(String(args.message));
      case 'add_numbers':
        return {
          content: [{ type: 'text', text: String(args.a + args.b) }],
          structuredContent: { sum: args.a + args.b },
        };
      case 'render_chart':
        return {
          content: [
            {
              type: 'image',
              data: Buffer.from('png-bytes').toString('base64'),
              mimeType: 'image/png',
            },
            { type: 'text', text: `chart: ${args.title ?? ''}` },
          ],
        };
      case 'delete_file':
        return {
          content: [{ type: 'text', text: `permission denied: ${args.path}` }],
          isError: true,
        };
      case 'long_export': {
        lastExportCancelled = false;
        const steps = args.steps ?? 3;
        for (let step = 1; step <= steps; step++) {
          if (extra.signal.aborted) break;
          const token = extra._meta?.progressToken;
          if (token !== undefined) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: {
                progressToken: token,
                progress: step,
                total: steps,
                message: `step ${step}`,
              },
            });
          }
          await sleep(args.delayMs ?? 10, extra.signal);
        }
        lastExportCancelled = extra.signal.aborted;
        return text('exported');
      }
      case 'huge_result':
        return text('y'.repeat(Math.round(args.megabytes * 1_000_000)));
      case 'export_status':
        return text(lastExportCancelled ? 'cancelled' : 'not cancelled');
      case 'crash_server':
        setTimeout(() => process.exit(1), 5);
        return new Promise(() => {});
      case 'hang_forever':
        return new Promise(() => {});
      case 'install_plugin':
        plugins.set(args.name, {
          name: `plugin_${args.name}`,
          description: `Plugin ${args.name}: convert temperatures between celsius and fahrenheit`,
          inputSchema: object({ degrees: { type: 'number' } }),
        });
        await server.sendToolListChanged();
        return text('installed');
      case 'uninstall_plugin':
        plugins.delete(args.name);
        await server.sendToolListChanged();
        return text('uninstalled');
      case 'match_text':
        return text(`upstream got ${JSON.stringify(args)}`);
      case 'whoami':
        return text(`token is ${process.env.SECRET_TOKEN}`);
      default:
        if (
          name.startsWith('generated_') ||
          name.startsWith('plugin_') ||
          fromFile.some((tool) => tool.name === name)
        ) {
          return text(`ran ${name}`);
        }
        return { content: [{ type: 'text', text: `no tool ${name}` }], isError: true };
    }
  });
  return server;
}

if (flag('leak-stderr')) {
  const token = process.env.SECRET_TOKEN ?? '';
  process.stderr.write(`starting with token ${token}\nlower ${token.toLowerCase()} and base64 `);
  process.stderr.write(
    `${Buffer.from(token).toString('base64')}\n${'x'.repeat(200_000)}${token}\nready\n`,
  );
}

if (flag('sse')) {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      sessions.set(transport.sessionId, transport);
      res.on('close', () => sessions.delete(transport.sessionId));
      await createMcpServer().connect(transport);
      return;
    }
    const transport = sessions.get(url.searchParams.get('sessionId'));
    if (req.method === 'POST' && url.pathname === '/messages' && transport) {
      await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  http.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${http.address().port}/sse\n`);
  });
} else if (flag('http')) {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    if (flag('reject-auth')) {
      // A careless server that echoes the credentials it refuses: the gateway must not repeat them.
      const auth = String(req.headers.authorization);
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end(
        `bad credentials: ${auth}, ${auth.toLowerCase()}, ${Buffer.from(auth).toString('base64')}, ${Buffer.from(auth).toString('base64url')}, ${encodeURIComponent(auth)} at ${req.url}`,
      );
      return;
    }
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: flag('json-response'),
        onsessioninitialized: (sid) => sessions.set(sid, transport),
      });
      await createMcpServer().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  http.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
  });
} else {
  // A slow starter: the client's initialize waits in the pipe until the server reads it.
  const delay = Number(value('delay-initialize', '0'));
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  await createMcpServer().connect(new StdioServerTransport());
}
