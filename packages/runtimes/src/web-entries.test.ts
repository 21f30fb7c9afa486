import { describe, expect, it } from 'vitest';
import { BundleError, bundleEntry } from './bundle.js';

/** The entries an edge or browser app imports (plugins import core's kit): none may reach a Node built-in. */
const webEntries = [
  '@shortlist/core',
  '@shortlist/core/kit',
  '@shortlist/core/adapter',
  '@shortlist/lexical',
  '@shortlist/fusion',
  '@shortlist/budget',
  '@shortlist/bm25',
  '@shortlist/learn',
  '@shortlist/ai-sdk',
];

describe('main entries bundle for the web', () => {
  for (const entry of webEntries) {
    it(`${entry} imports no Node built-in`, async () => {
      expect((await bundleEntry(entry)).length).toBeGreaterThan(0);
    }, 60_000);
  }

  // The check above can fail: the Node-only subpaths do not bundle for the web.
  for (const entry of ['@shortlist/core/node', '@shortlist/learn/node']) {
    it(`${entry} is refused, naming a node: module`, async () => {
      const error = await bundleEntry(entry).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BundleError);
      expect((error as BundleError).message).toMatch(/"node:[a-z/]+"/);
    }, 60_000);
  }
});
