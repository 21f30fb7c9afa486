import { createHash } from 'node:crypto';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * The catalogue's digest for the snapshot container: each tool's exact definition, in name order,
 * so any change upstream gives a new digest and a stale index is never read.
 */
export function catalogueDigest(tools: readonly McpTool[]): string {
  const hash = createHash('sha256');
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const tool of sorted) hash.update(JSON.stringify(tool)).update('\n');
  return hash.digest('hex').slice(0, 32);
}

/**
 * The store key of a picker snapshot: the pipeline's configuration and the catalogue digest, so
 * two pipelines never overwrite each other. `picker-` names core's container (the gateway's
 * older files, without it, are never read).
 */
export function snapshotKey(configuration: string, catalogue: string): string {
  return `picker-${sha256(JSON.stringify([configuration, catalogue]))}`;
}
