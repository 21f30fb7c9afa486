/** Ints per slot: first id, second id, pair id + 1 (0: a free slot). */
const SLOT = 3;

/**
 * Pair ids by their two term ids, in typed arrays with open addressing: a fresh build of word
 * pairs looks one up per adjacent pair of words, where a `Map` of `Map`s cost two hashed lookups.
 */
export class PairIds {
  private table = new Int32Array(65536 * SLOT);
  private mask = 65535;
  private entries = 0;

  /** The pair id of (`first`, `second`), or -1 when it has none yet. */
  get(first: number, second: number): number {
    const { table, mask } = this;
    for (let at = hashPair(first, second) & mask; ; at = (at + 1) & mask) {
      const base = at * SLOT;
      const stored = table[base + 2]!;
      if (stored === 0) return -1;
      if (table[base] === first && table[base + 1] === second) return stored - 1;
    }
  }

  /** Records the id of a pair `get` did not find. */
  set(first: number, second: number, id: number): void {
    // Linear probing stays short up to about 70% full with a well-mixed hash.
    if (++this.entries * 10 > (this.mask + 1) * 7) this.grow();
    place(this.table, this.mask, first, second, id + 1);
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    this.mask = this.table.length / SLOT - 1;
    for (let base = 0; base < old.length; base += SLOT) {
      if (old[base + 2] !== 0)
        place(this.table, this.mask, old[base]!, old[base + 1]!, old[base + 2]!);
    }
  }
}

/** Both ids mixed into every bit (a murmur3 finaliser), so the table's low bits spread pairs evenly. */
function hashPair(first: number, second: number): number {
  let hash = Math.imul(first, 0x9e3779b1) + second;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

function place(
  table: Int32Array,
  mask: number,
  first: number,
  second: number,
  stored: number,
): void {
  let at = hashPair(first, second) & mask;
  while (table[at * SLOT + 2] !== 0) at = (at + 1) & mask;
  const base = at * SLOT;
  table[base] = first;
  table[base + 1] = second;
  table[base + 2] = stored;
}
