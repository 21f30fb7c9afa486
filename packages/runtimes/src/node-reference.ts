import { toTools } from '@shortlist/core';
import { encodeSnapshot } from '@shortlist/core/kit';
import { lexical } from '@shortlist/lexical';
import { expect } from 'vitest';
import { catalogue, requests } from './catalogue.js';
import {
  MAX_TOKENS,
  probeContent,
  type RuntimeInput,
  type RuntimeReport,
  runPicks,
} from './run-picks.js';

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const bytesOf = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'base64'));

/** What Node hands every runtime: its lexical snapshots and a snapshot container it encoded. */
export async function nodeInput(): Promise<RuntimeInput> {
  const picker = await lexical({ maxTokens: MAX_TOKENS }).index(toTools(catalogue));
  const snapshots = Object.fromEntries(
    Object.entries(picker.snapshot()).map(([id, bytes]) => [id, base64(bytes)]),
  );
  picker.dispose();
  return { snapshots, container: base64(encodeSnapshot(probeContent)) };
}

/** The same `runPicks` run in Node: what every other runtime must report. */
export async function nodeReport(input: RuntimeInput): Promise<RuntimeReport> {
  return JSON.parse(await runPicks(input)) as RuntimeReport;
}

/**
 * Checks a runtime's report against Node's: the same picks everywhere, snapshot containers
 * byte-identical (so the portable CRC-32 equals zlib's), the same embedding-cache keys (Web
 * Crypto equals Node's hash), and the runtime's own snapshots restore in Node to the same picks.
 */
export async function expectSameAsNode(report: RuntimeReport, node: RuntimeReport): Promise<void> {
  expect(report.lexical).toEqual(node.lexical);
  expect(report.restored).toEqual(node.lexical.map(({ query, names }) => ({ query, names })));
  expect(report.preselected).toEqual(node.preselected);
  expect(report.searched).toEqual(node.searched);
  expect(report.fused).toEqual(node.fused);
  expect(report.container).toBe(node.container);
  expect(report.decoded).toEqual(node.decoded);
  expect(report.cacheKeys).toEqual(node.cacheKeys);
  expect(Object.keys(report.snapshots).sort()).toEqual(Object.keys(node.snapshots).sort());

  const snapshots = Object.fromEntries(
    Object.entries(report.snapshots).map(([id, text]) => [id, bytesOf(text)]),
  );
  const restored = await lexical({ maxTokens: MAX_TOKENS }).restore(toTools(catalogue), snapshots);
  for (const [i, { query }] of requests.entries()) {
    const selection = await restored.select(query, { limit: 5 });
    expect(selection.picks.map((pick) => pick.name)).toEqual(node.lexical[i]!.names);
  }
  restored.dispose();
}
