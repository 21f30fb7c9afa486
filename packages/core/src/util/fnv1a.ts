/** FNV-1a's 32-bit offset basis: the state before the first code unit. */
export const FNV_OFFSET = 0x811c9dc5;
/** FNV-1a's 32-bit prime: after each code unit is xor-ed in, the state is multiplied by it. */
export const FNV_PRIME = 0x01000193;

/**
 * FNV-1a over the UTF-16 code units of `text[from, to)`, continued from `state`: the one home of
 * the hash under `hashString`, packed terms and the ASCII word tables, so their hashes cannot drift.
 * Returns the raw 32-bit state (signed once a unit is fed; `>>> 0` for unsigned), no finishing mix.
 * @default state FNV_OFFSET, from 0, to text.length
 */
export function fnv1a(text: string, state = FNV_OFFSET, from = 0, to = text.length): number {
  let hash = state;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash;
}
