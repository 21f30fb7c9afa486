/**
 * The k-th largest of `values[indexes[0..count)]` (k ≥ 1, count ≥ k), kept in a min-heap in
 * `heap` (length ≥ k) so no memory is allocated per call.
 */
export function kthLargest(
  values: Float64Array,
  indexes: Int32Array,
  count: number,
  k: number,
  heap: Float64Array,
): number {
  let size = 0;
  for (let i = 0; i < count; i++) {
    const value = values[indexes[i]!]!;
    if (size < k) {
      let j = size++;
      while (j > 0) {
        const parent = (j - 1) >> 1;
        if (heap[parent]! <= value) break;
        heap[j] = heap[parent]!;
        j = parent;
      }
      heap[j] = value;
    } else if (value > heap[0]!) {
      let j = 0;
      for (;;) {
        const left = 2 * j + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && heap[right]! < heap[left]! ? right : left;
        if (heap[child]! >= value) break;
        heap[j] = heap[child]!;
        j = child;
      }
      heap[j] = value;
    }
  }
  return heap[0]!;
}

/** Position of `doc` in the ascending `docs[start..end)`, or -1. */
export function findDoc(docs: Int32Array, start: number, end: number, doc: number): number {
  let low = start;
  let high = end - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = docs[middle]!;
    if (value < doc) low = middle + 1;
    else if (value > doc) high = middle - 1;
    else return middle;
  }
  return -1;
}
