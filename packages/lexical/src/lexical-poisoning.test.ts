import { memoryExampleStore } from '@shortlist/core';
import type { Dataset } from '@shortlist/eval';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';
import { benchmarksDir, haveBenchmarks, loadBenchmark } from './test-benchmark-sets.js';

/**
 * One source's crafted conversations (a request like other users', an unrelated tool called)
 * against honest users' learning on MetaTool: the bound the learn README states.
 */
async function stream(data: Dataset, attacks: number) {
  const train = data.queries.filter((query) => query.split === 'train');
  const test = data.queries.filter((query) => query.split === 'test').slice(0, 600);
  const uses = new Map(data.tools.map((tool) => [tool.name, 0]));
  for (const query of data.queries)
    for (const name of query.relevant) uses.set(name, (uses.get(name) ?? 0) + 1);
  const target = [...uses].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  let seed = 7;
  const user = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return `user-${Math.floor((seed / 2 ** 32) * 100)}`;
  };
  const picker = await lexical({
    maxTokens: false,
    examples: memoryExampleStore({ maxExamples: 100_000 }),
  }).index(data.tools);
  for (const query of train.slice(0, 1000)) {
    const source = user();
    await picker.select(query.query, { limit: 5, source });
    await picker.learn([{ query: query.query, tool: query.relevant[0]!, source }]);
  }
  const crafted = train.slice(1000);
  for (let i = 0; i < attacks; i++) {
    const request = crafted[i % crafted.length]!.query;
    await picker.select(request, { limit: 5, source: 'attacker' });
    await picker.learn([{ query: request, tool: target, source: 'attacker' }]);
  }
  let first = 0;
  let hits = 0;
  for (const query of test) {
    const { picks } = await picker.select(query.query, { limit: 5, source: user() });
    if (picks[0]?.name === target && !query.relevant.includes(target)) first++;
    if (picks[0] && query.relevant.includes(picks[0].name)) hits++;
  }
  return { first: first / test.length, hit1: hits / test.length };
}

describe.skipIf(!haveBenchmarks)(`poisoned feedback on MetaTool (${benchmarksDir})`, () => {
  it('1,000 crafted conversations from one source put their tool first for at most 2% of others and cost at most 1 point of hit@1', async () => {
    const data = await loadBenchmark('metatool');
    const honest = await stream(data, 0);
    const attacked = await stream(data, 1000);
    expect(attacked.first).toBeLessThanOrEqual(0.02);
    expect(honest.hit1 - attacked.hit1).toBeLessThanOrEqual(0.01);
  }, 300_000);
});
