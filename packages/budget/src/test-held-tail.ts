import { type BoundTable, wholeTable } from './bound-tables.js';
import type { TokenEncoding } from './token-counter.js';

/** A tail held back until `release()`, as a page's tail chunk still on the network. */
export function heldTail(encoding: TokenEncoding): {
  load: () => Promise<BoundTable>;
  release(): void;
} {
  let release = (): void => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { load: () => arrived.then(() => wholeTable(encoding)), release };
}
