import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { decodeSnapshot, encodeSnapshot } from '@shortlist/core';

const kind = 'shortlist-mcp-picker';
const formatVersion = 1;

/**
 * Names a snapshot after everything that shapes the index: each tool's exact definition and the
 * rankers that indexed it. Any change upstream gives a new key, so a stale index is never read.
 */
export function snapshotKey(tools: readonly McpTool[], rankerIds: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(rankerIds));
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const tool of sorted) hash.update(JSON.stringify(tool)).update('\n');
  return hash.digest('hex').slice(0, 32);
}

/** Reads a picker snapshot; undefined when there is none or it cannot be used (it is rebuilt). */
export async function readSnapshot(
  directory: string,
  key: string,
): Promise<Record<string, Uint8Array> | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(join(directory, `${key}.snapshot`));
  } catch {
    return undefined;
  }
  const content = decodeSnapshot(bytes, { kind, formatVersion });
  const ids = (content.meta as { rankers?: unknown }).rankers;
  if (!Array.isArray(ids) || ids.length !== content.arrays.length) return undefined;
  const snapshots: Record<string, Uint8Array> = {};
  ids.forEach((id, i) => {
    const array = content.arrays[i];
    if (typeof id === 'string' && array instanceof Uint8Array) snapshots[id] = array;
  });
  return snapshots;
}

/** Writes a picker snapshot atomically (a temporary file renamed into place). */
export async function writeSnapshot(
  directory: string,
  key: string,
  snapshots: Readonly<Record<string, Uint8Array>>,
): Promise<void> {
  await mkdir(directory, { recursive: true });
  const ids = Object.keys(snapshots);
  const bytes = encodeSnapshot({
    kind,
    formatVersion,
    meta: { rankers: ids },
    arrays: ids.map((id) => snapshots[id]!),
  });
  const path = join(directory, `${key}.snapshot`);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}
