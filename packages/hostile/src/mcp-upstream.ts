import { createGateway, type Gateway, type GatewayOptions } from '@shortlist/mcp';

/**
 * A hostile MCP server over stdio, speaking raw JSON-RPC so the suite needs no SDK of its own:
 * an ordinary `echo` tool, a `deep_schema` tool nested `HOSTILE_DEEP` levels, a `match_text`
 * tool whose schema pattern `^(a+)+$` backtracks exponentially, and `long_export`, which reports
 * progress every 50 ms and never finishes.
 */
const script = `
const deep = Number(process.env.HOSTILE_DEEP ?? '0');
let nested = { type: 'string' };
for (let i = 1; i < deep; i++) nested = { type: 'array', items: nested };
const tools = [
  { name: 'echo', description: 'Echo a message back', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } },
  { name: 'long_export', description: 'Export everything, reporting progress', inputSchema: { type: 'object', properties: {} } },
  { name: 'match_text', description: 'Match a text against a strict pattern', inputSchema: { type: 'object', properties: { text: { type: 'string', pattern: '^(a+)+$' } }, required: ['text'] } },
  ...(deep > 0 ? [{ name: 'deep_schema', description: 'A tool nested deep', inputSchema: { type: 'object', properties: { x: nested } } }] : []),
];
const answer = (request) => {
  switch (request.method) {
    case 'initialize':
      return { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1.0.0' } };
    case 'tools/list':
      return { tools };
    case 'tools/call':
      return { content: [{ type: 'text', text: 'upstream got ' + JSON.stringify(request.params.arguments) }] };
    default:
      return {};
  }
};
let buffered = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf('\\n')) !== -1) {
    const request = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    const progressToken = request.params?._meta?.progressToken;
    if (request.method === 'tools/call' && request.params.name === 'long_export') {
      let progress = 0;
      if (progressToken !== undefined) setInterval(() => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: ++progress } }) + '\\n'), 50);
      continue;
    }
    if (request.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: answer(request) }) + '\\n');
  }
});
`;

/** A gateway over the hostile stdio server, warnings collected, no disk cache. */
export async function hostileGateway(
  deepLevels = 0,
  limits: Pick<GatewayOptions, 'callTimeoutMs' | 'maxCallMs'> = {},
): Promise<{ gateway: Gateway; warnings: string[] }> {
  const warnings: string[] = [];
  const gateway = await createGateway({
    config: {
      mcpServers: {
        odd: {
          command: process.execPath,
          args: ['-e', script],
          env: { HOSTILE_DEEP: String(deepLevels) },
        },
      },
    },
    cacheDirectory: false,
    upstreamStderr: 'ignore',
    startWaitMs: 10_000,
    ...limits,
    onWarning: (message) => warnings.push(message),
  });
  return { gateway, warnings };
}
