import { expect, it } from 'vitest';
import { requests } from './catalogue.js';
import { nodeInput, nodeReport } from './node-reference.js';
import { MAX_TOKENS, probeContent } from './run-picks.js';

// The reference the Edge Runtime and Chromium are held to: right in Node first.
it('in Node, picks each labelled tool first, within the budget, by every route', async () => {
  const report = await nodeReport(await nodeInput());
  const first = requests.map(({ tool }) => tool);
  expect(report.lexical.map(({ names }) => names[0])).toEqual(first);
  expect(report.restored.map(({ names }) => names[0])).toEqual(first);
  expect(report.searched.map(({ names }) => names[0])).toEqual(first);
  for (const [i, { names }] of report.preselected.entries()) expect(names).toContain(first[i]);
  for (const { tokens, names } of report.lexical) {
    expect(tokens).toBeGreaterThan(0);
    expect(tokens).toBeLessThanOrEqual(MAX_TOKENS);
    expect(names.length).toBeGreaterThan(0);
  }
  // The budget is tight enough to leave tools out.
  expect(report.lexical.some(({ dropped }) => dropped > 0)).toBe(true);
  expect(report.decoded.arrays).toEqual(probeContent.arrays.map((array) => Array.from(array)));
  expect(report.cacheKeys.length).toBeGreaterThan(30);
});
