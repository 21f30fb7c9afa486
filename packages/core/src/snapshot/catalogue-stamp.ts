import { type SchemaTextVisitor, visitSchemaText } from '../text/tool-fields.js';
import type { Tool } from '../tools/tool.js';
import { FNV_OFFSET, FNV_PRIME } from '../util/fnv1a.js';

const MAGIC = 0x44434c53; // "SLCD" little-endian: a snapshot stamped with its catalogue's digest
/**
 * 2: the digest hashes each piece of text tagged with its field, walking the schema once with no
 * joined copy (1 hashed the joined fields); a version-1 stamp reads as stale, so rankers re-index.
 */
const VERSION = 2;
const HEADER = 16;

/** Field tags of the tool's own text, as indexes in `toolFieldNames`. */
const NAME = 0;
const TITLE = 1;
const DESCRIPTION = 2;
const TAGS = 6;

/** Two 32-bit hashes from different seeds over one tool's tagged text pieces. */
class ToolHash implements SchemaTextVisitor {
  a = 0;
  b = 0;

  reset(): void {
    this.a = FNV_OFFSET;
    this.b = 0x9e3779b9;
  }

  /** The field tag first, so a piece moving to another field, or a split piece, changes the hash. */
  text(field: number, text: string): void {
    let a = Math.imul(this.a ^ (field + 0x100), FNV_PRIME);
    let b = Math.imul(this.b ^ (field + 0x100), 0x5bd1e995);
    b ^= b >>> 13;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, FNV_PRIME);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    this.a = a;
    this.b = b;
  }
}

/**
 * A digest of what rankers index from a catalogue: each tool's searchable fields (`toolFields`),
 * summed so the order of tools does not matter. A snapshot stamped with it is stale once a tool's
 * text changes. Each piece of text is hashed where it lies, tagged with its field, in one walk of
 * the schema that makes no strings or arrays.
 */
export function catalogueDigest(tools: readonly Tool[]): readonly [number, number] {
  let sumA = tools.length;
  let sumB = 0;
  const hash = new ToolHash();
  // Indexed loops: a restore runs this once, in code not yet compiled, where iterators cost more.
  for (let t = 0; t < tools.length; t++) {
    const tool = tools[t]!;
    hash.reset();
    hash.text(NAME, tool.name);
    hash.text(TITLE, tool.title ?? '');
    hash.text(DESCRIPTION, tool.description);
    visitSchemaText(tool.inputSchema, hash);
    const { tags } = tool;
    for (let i = 0; i < tags.length; i++) hash.text(TAGS, tags[i]!);
    const { a, b } = hash;
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

/**
 * The ranker's own snapshot and the digest it was stamped with (none for an unstamped one);
 * `stale` for a stamp of an older digest, which no catalogue matches.
 */
export function readStamp(snapshot: Uint8Array): {
  readonly digest: readonly [number, number] | undefined;
  readonly stale: boolean;
  readonly inner: Uint8Array;
} {
  if (snapshot.length >= HEADER) {
    const view = new DataView(snapshot.buffer, snapshot.byteOffset, HEADER);
    const version = view.getUint32(4, true);
    if (view.getUint32(0, true) === MAGIC && version >= 1 && version <= VERSION) {
      // A view, not a copy (rankers never write to their input; decodeSnapshot copies what is
      // misaligned): the header keeps 8-byte alignment.
      return {
        digest: [view.getUint32(8, true), view.getUint32(12, true)],
        stale: version !== VERSION,
        inner: snapshot.subarray(HEADER),
      };
    }
  }
  return { digest: undefined, stale: false, inner: snapshot };
}
