import { describe, expect, it } from 'vitest';
import { topK } from './top-k.js';

describe('topK', () => {
  const names = Array.from({ length: 500 }, (_, i) => `tool_${String(i).padStart(3, '0')}`);
  const nameOf = (id: number) => names[id]!;

  it('keeps the same top k as a full sort, ties by ascending name', () => {
    let seed = 42;
    const random = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    for (const k of [1, 5, 10, 499, 600]) {
      // Few distinct scores, so ties are common.
      const scores = names.map(() => Math.floor(random() * 20) / 4);
      const heap = topK(k, nameOf);
      const order = names.map((_, id) => id).reverse();
      for (const id of order) heap.push(id, scores[id]!);
      const expected = names
        .map((_, id) => id)
        .sort((a, b) => scores[b]! - scores[a]! || (nameOf(a) < nameOf(b) ? -1 : 1))
        .slice(0, k)
        .map((id) => ({ id, score: scores[id]! }));
      expect(heap.drain()).toEqual(expected);
    }
  });

  it('reports the entry threshold once full', () => {
    const heap = topK(2, nameOf);
    expect(heap.threshold).toBe(Number.NEGATIVE_INFINITY);
    heap.push(0, 3);
    heap.push(1, 5);
    expect(heap.threshold).toBe(3);
    heap.push(2, 4);
    expect(heap.threshold).toBe(4);
    expect(heap.size).toBe(2);
  });

  it('keeps nothing when k is zero', () => {
    const heap = topK(0, nameOf);
    heap.push(0, 1);
    expect(heap.drain()).toEqual([]);
  });
});
