import { MAGIC } from './snapshot-codec.js';

/**
 * The tool names a ranker snapshot in core's format lists (`meta.names`, or `keys` for semantic),
 * read from its header alone; undefined for any other format or a header that cannot be read.
 * For unstamped snapshots, which carry no catalogue digest: their names still tell a changed
 * catalogue.
 */
export function snapshotToolNames(bytes: Uint8Array): Set<string> | undefined {
  if (bytes.length < 20) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) return undefined;
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) return undefined;
  try {
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as {
      meta?: { names?: unknown; keys?: unknown };
    };
    const list = header.meta?.names ?? header.meta?.keys;
    if (!Array.isArray(list)) return undefined;
    // Removed slots are null in some rankers' lists.
    return new Set(list.filter((name): name is string => typeof name === 'string'));
  } catch {
    return undefined;
  }
}
