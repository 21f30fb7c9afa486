// Starts every server of a client config the way an MCP client would, over stdio, and runs one
// search through it: checks that a pasted config works. node lab/mcp/try-client-config.mjs FILE [QUERY]
import { readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [file, query = 'add an observation about a person'] = process.argv.slice(2);
const { mcpServers } = JSON.parse(await readFile(file, 'utf8'));
for (const [name, entry] of Object.entries(mcpServers)) {
  const client = new Client({ name: 'config-check', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ ...entry, stderr: 'inherit' }));
  const { tools } = await client.listTools();
  console.log(`${name}: tools/list = ${tools.map((tool) => tool.name).join(', ')}`);
  if (tools.some((tool) => tool.name === 'search_tools')) {
    const found = await client.callTool({ name: 'search_tools', arguments: { query, limit: 3 } });
    const names = JSON.parse(found.content[0].text).tools.map((tool) => tool.name);
    console.log(`${name}: search_tools("${query}") = ${names.join(', ')}`);
  }
  await client.close();
}
