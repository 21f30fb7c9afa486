import type { HostileCase } from '../hostile-case.js';
import { boundCases, vectorCases } from './bound-cases.js';
import { boundedAgainCases } from './bounded-again-cases.js';
import { cliCases } from './cli-cases.js';
import { deadlineCases, finiteCases, redactionCases } from './embedder-cases.js';
import { exampleFloodCases } from './example-flood-cases.js';
import { gatewayCases } from './gateway-cases.js';
import { hostCases } from './host-cases.js';
import { inputCases } from './input-cases.js';
import { limitCases } from './limit-cases.js';
import { processCases } from './process-cases.js';
import { atomicCases, raceCases } from './race-cases.js';
import { redisCases } from './redis-cases.js';
import { schemaCases } from './schema-cases.js';
import { secretCases } from './secret-cases.js';
import { storeCases } from './store-cases.js';
import { tokenCases } from './token-cases.js';

/** Every case of the suite, in issue-item order. */
export const allCases: readonly HostileCase[] = [
  ...limitCases,
  ...tokenCases,
  ...raceCases,
  ...atomicCases,
  ...deadlineCases,
  ...finiteCases,
  ...storeCases,
  ...inputCases,
  ...schemaCases,
  ...redactionCases,
  ...boundCases,
  ...vectorCases,
  ...gatewayCases,
  ...hostCases,
  ...secretCases,
  ...cliCases,
  ...processCases,
  ...redisCases,
  ...boundedAgainCases,
  ...exampleFloodCases,
].sort((a, b) => a.item - b.item);

/** Short titles of the items, for the table. */
export const itemTitles: Readonly<Record<number, string>> = {
  1: 'huge `limit`',
  2: 'one enormous pre-token, huge query',
  3: '`select()` racing `remove()`/`add()`',
  4: '`add()`/`remove()` failing in one ranker',
  5: 'stalled bodies, hour-long `retry-after`',
  6: 'NaN/Infinity vectors',
  7: 'two writers on one cache file',
  8: 'orama with 50,000 distinct terms in a tool',
  9: 'schemas JSON cannot encode',
  10: 'smaller gaps',
  11: 'a 1 MB query, limit × overFetch of 1e15',
  12: 'zero or misplaced vectors, NaN snapshot rows',
  13: 'issue 23: the MCP gateway and the CLI',
  14: 'issue 23: Redis eviction, a full Redis, WRONGTYPE, stale build locks',
  15: 'issue 37: hostile scopes, oversized and churning upstreams, batched search, snapshots, `at`, stream key type, Redis example floods and forgets',
};
