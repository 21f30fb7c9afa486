/** Slots of a Redis Cluster: a key lives in `crc16(its hash tag or itself) mod 16384`. */
const SLOTS = 16384;

/**
 * The name of a key Redis Cluster stores in the same hash slot as `key`, so one transaction or
 * script may use both: `key` + `suffix` when `key` has a hash tag (`{...}`), else wrapped so the
 * tag is the whole of `key`, which hashes alike. A key with a `}` but no tag cannot be wrapped: a
 * short tag of the same slot is found instead.
 */
export function keyInSlotOf(key: string, suffix: string): string {
  if (hashTag(key) !== undefined) return `${key}${suffix}`;
  if (!key.includes('}')) return `{${key}}${suffix}`;
  const slot = keySlot(key);
  for (let n = 0; ; n++) {
    const tag = n.toString(36);
    if (keySlot(tag) === slot) return `{${tag}}${key}${suffix}`;
  }
}

/** The part of `key` Redis Cluster hashes: between the first `{` and the next `}`, if not empty. */
function hashTag(key: string): string | undefined {
  const open = key.indexOf('{');
  if (open < 0) return undefined;
  const close = key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : undefined;
}

/** The hash slot of `key`, as `CLUSTER KEYSLOT` computes it (CRC16-XMODEM of its UTF-8). */
export function keySlot(key: string): number {
  const hashed = Buffer.from(hashTag(key) ?? key);
  let crc = 0;
  for (const byte of hashed) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc % SLOTS;
}
