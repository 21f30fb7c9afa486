import { seededRandom } from '@shortlist/core/kit';

/** A seeded source of uniform numbers; the generator's only source of randomness. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/**
 * Core's `seededRandom` (mulberry32) with helpers for synthetic data: the same seed always yields
 * the same sequence on every platform.
 */
export function createRandom(seed: number): Random {
  const next = seededRandom(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}
