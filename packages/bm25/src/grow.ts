/** Typed arrays this package grows in place as tools are added. */
type Growable = Int32Array | Uint32Array | Float64Array;

/**
 * Returns `array` when it holds at least `length` elements, otherwise a copy at least twice as
 * large, so appending one tool at a time stays amortised O(1).
 */
export function ensureLength<T extends Growable>(array: T, length: number): T {
  if (array.length >= length) return array;
  const Ctor = array.constructor as new (size: number) => T;
  const grown = new Ctor(Math.max(length, array.length * 2, 16));
  grown.set(array);
  return grown;
}
