/**
 * Whether the upper-bound counter answers once the head of its table is loaded and tightens when
 * the tail arrives. Off here (Node, edge runtimes): counts are the same on every run from the
 * first. The `browser` condition of package.json `imports` swaps in the `.browser.ts` twin.
 */
export const countsProgressively: boolean = false;
