import { createHash } from 'node:crypto';
import type { Tool } from '@shortlist/core';

/**
 * Bump when the stored value or what the digests cover changes; older snapshots are then unused
 * (another key) and rebuilt. 3: core's picker snapshot container (2: this package's envelope).
 */
const SNAPSHOT_FORMAT = 3;

/**
 * Tools serialised per hash update: small enough that each JSON string (~55 KB) dies young;
 * a 1,000-tool chunk (~550 KB) is a large object, allocated straight into the old generation.
 * Fixed: the digest depends on it.
 */
const DIGEST_CHUNK = 100;
/** Chunks between yields to the event loop, so a snapshot read in flight is received meanwhile. */
const CHUNKS_PER_YIELD = 5;

// SHA-256: with the CPU's SHA extensions it hashes at ~1.5 GB/s here, as fast as SHA-1 or MD5
// through Node; the time goes to JSON.stringify and to encoding the string, not to the hash.
const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value), 'utf8').digest('base64url');

/**
 * The pipeline's part of the key: a digest of its configuration id (`snapshotConfiguration`:
 * every ranker id and spec version, and the caller's `configuration`), which the container holds.
 */
export function configurationKey(configuration: string): string {
  return digest([SNAPSHOT_FORMAT, configuration]);
}

const fieldsOf = (tool: Tool) => [
  tool.name,
  tool.title ?? null,
  tool.description,
  tool.inputSchema,
  tool.tags,
];

/**
 * The catalogue's identity: SHA-256 of every field a ranker reads, in catalogue order, as one
 * JSON array per chunk of tools (self-delimiting: two catalogues serialise alike only if they
 * are alike). Yields to the event loop every few chunks.
 */
export async function catalogueDigest(tools: readonly Tool[]): Promise<string> {
  const hash = createHash('sha256');
  for (let start = 0; start < tools.length; start += DIGEST_CHUNK) {
    if (start > 0 && (start / DIGEST_CHUNK) % CHUNKS_PER_YIELD === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    hash.update(JSON.stringify(tools.slice(start, start + DIGEST_CHUNK).map(fieldsOf)), 'utf8');
  }
  return hash.digest('base64url');
}

/**
 * The tool names alone, in order: cheap, and enough to tell most catalogues apart before the
 * full digest is known (it names the pointer to the latest snapshot, never a snapshot itself).
 */
export function namesDigest(tools: readonly Tool[]): string {
  return digest(tools.map((tool) => tool.name));
}
