/**
 * A stdio MCP server (raw JSON-RPC) that renames all `count` of its tools and sends
 * `list_changed` every `everyMs`, for `forMs` starting `afterMs` after the client initialized:
 * an upstream relisting without pause. Each generation brings new words (names, a description
 * term and a schema field), so a ranker's dictionaries see new terms on every relist.
 */
export function churnScript(count: number, everyMs: number, forMs: number, afterMs = 0): string {
  return `
let generation = 0;
const tools = () => Array.from({ length: ${count} }, (_, i) => ({
  name: 'widget_g' + generation + '_' + i,
  description: 'Churn widget report ' + i + ' batch g' + generation + 'w' + i + ' term q' + generation,
  inputSchema: { type: 'object', properties: { ['field_g' + generation]: { type: 'string' } } },
}));
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const churn = () => {
  const timer = setInterval(() => { generation++; send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }); }, ${everyMs});
  setTimeout(() => clearInterval(timer), ${forMs});
};
let buffered = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf('\\n')) !== -1) {
    const request = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (request.method === 'notifications/initialized') setTimeout(churn, ${afterMs});
    if (request.id === undefined) continue;
    const result = request.method === 'initialize'
      ? { protocolVersion: request.params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'churn', version: '1' } }
      : request.method === 'tools/list' ? { tools: tools() } : {};
    send({ jsonrpc: '2.0', id: request.id, result });
  }
});
`;
}
