import type { Tool } from '../tools/tool.js';

/**
 * The picker's committed catalogue by name, read as one consistent view: a select keeps the map
 * it started with to its end, and a change swaps in a new map unless no select holds the old one.
 */
export interface CatalogueView<Original> {
  /** The committed catalogue. Never changed while a select holds it. */
  readonly current: ReadonlyMap<string, Tool<Original>>;
  /** Runs a read that holds `current` as its view until it settles. */
  hold<T>(read: () => Promise<T>): Promise<T>;
  /** Commits `change`: in place when no read holds the map and it is not shared, else on a copy. */
  commit(change: (map: Map<string, Tool<Original>>) => void): void;
  /** The catalogue after `change`, for rankers rebuilt rather than changed in place (a copy only when one is). */
  staged(
    inPlace: boolean,
    change: (map: Map<string, Tool<Original>>) => void,
  ): ReadonlyMap<string, Tool<Original>>;
}

/** The view of `catalogue`; `names` is its name map when it came from `toCatalogue` (shared, so copied before any change). */
export function catalogueView<Original>(
  catalogue: readonly Tool<Original>[],
  names: ReadonlyMap<string, Tool<Original>> | undefined,
): CatalogueView<Original> {
  let byName = (names as Map<string, Tool<Original>> | undefined) ?? new Map();
  if (!names) for (const tool of catalogue) byName.set(tool.name, tool);
  /** Whether `byName` is still the shared map of a `toCatalogue` catalogue. */
  let shared = names !== undefined;
  /**
   * Reads in flight, each holding `byName` as its view. With none, a change updates the map in
   * place instead of copying it (an O(catalogue) copy and as much garbage per add).
   */
  let viewsHeld = 0;
  return {
    get current() {
      return byName;
    },
    async hold(read) {
      viewsHeld++;
      try {
        return await read();
      } finally {
        viewsHeld--;
      }
    },
    commit(change) {
      if (viewsHeld === 0 && !shared) {
        change(byName);
        return;
      }
      const next = new Map(byName);
      change(next);
      byName = next;
      shared = false;
    },
    staged(inPlace, change) {
      if (inPlace) return byName;
      const next = new Map(byName);
      change(next);
      return next;
    },
  };
}
