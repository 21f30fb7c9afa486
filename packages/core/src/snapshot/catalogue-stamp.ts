import { toolFieldNames, toolFields } from '../text/tool-fields.js';
import type { Tool } from '../tools/tool.js';

const MAGIC = 0x44434c53; // "SLCD" little-endian: a snapshot stamped with its catalogue's digest
const VERSION = 1;
const HEADER = 16;

/**
 * A digest of what rankers index from a catalogue: each tool's searchable fields, summed so the
 * order of tools does not matter. A snapshot stamped with it is stale once a tool's text changes.
 * Two 32-bit hashes from different seeds run over each tool's fields in place (a separator
 * between fields), with no joined copy of the text.
 */
export function catalogueDigest(tools: readonly Tool[]): readonly [number, number] {
  let sumA = tools.length;
  let sumB = 0;
  for (const tool of tools) {
    const fields = toolFields(tool);
    let a = 0x811c9dc5;
    let b = 0x9e3779b9;
    for (let f = 0; f < toolFieldNames.length; f++) {
      if (f > 0) {
        // The separator (code 0) between fields, so text moving across fields changes the hash.
        a = Math.imul(a, 0x01000193);
        b = Math.imul(b, 0x5bd1e995);
        b ^= b >>> 13;
      }
      const text = fields[toolFieldNames[f]!];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        a = Math.imul(a ^ c, 0x01000193);
        b = Math.imul(b ^ c, 0x5bd1e995);
        b ^= b >>> 13;
      }
    }
    sumA = (sumA + ((a ^ (a >>> 16)) >>> 0)) >>> 0;
    sumB = (sumB + (b >>> 0)) >>> 0;
  }
  return [sumA, sumB];
}

/** Prefixes a ranker's snapshot with the digest of the catalogue it was made from. */
export function stampSnapshot(digest: readonly [number, number], snapshot: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER + snapshot.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, digest[0], true);
  view.setUint32(12, digest[1], true);
  out.set(snapshot, HEADER);
  return out;
}

/** The ranker's own snapshot and the digest it was stamped with (none for an unstamped one). */
export function readStamp(snapshot: Uint8Array): {
  readonly digest: readonly [number, number] | undefined;
  readonly inner: Uint8Array;
} {
  if (snapshot.length >= HEADER) {
    const view = new DataView(snapshot.buffer, snapshot.byteOffset, HEADER);
    if (view.getUint32(0, true) === MAGIC && view.getUint32(4, true) === VERSION) {
      // A view, not a copy (rankers never write to their input; decodeSnapshot copies what is
      // misaligned): the header keeps 8-byte alignment.
      return {
        digest: [view.getUint32(8, true), view.getUint32(12, true)],
        inner: snapshot.subarray(HEADER),
      };
    }
  }
  return { digest: undefined, inner: snapshot };
}
