/**
 * In a browser page the upper-bound counter answers once the head of its table is loaded (a
 * smaller first download) and tightens when the tail arrives: see counts-progressively.ts.
 */
export const countsProgressively: boolean = true;
