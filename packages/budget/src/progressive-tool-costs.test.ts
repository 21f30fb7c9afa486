import { bm25 } from '@shortlist/bm25';
import { pipe, toTools } from '@shortlist/core';
import { expect, it, vi } from 'vitest';
import { budget } from './budget.js';
import { everyNth, readBenchmarkTools } from './test-benchmark-tools.js';
import { heldTail } from './test-held-tail.js';
import type { TokenCounter } from './token-counter.js';
import { boundCounter } from './upper-bound-tokenizer.js';

vi.setConfig({ testTimeout: 60_000 });

// Its own file, so no other test has loaded o200k_base's whole table and the counter gets the head.
it('a budget counts its tools again once the tail arrives, so first picks are not left loose', async () => {
  const tools = everyNth(readBenchmarkTools('bfcl'), 300);
  const tail = heldTail('o200k_base');
  const counter = await boundCounter('o200k_base', true, tail.load);
  const picker = await pipe(bm25())
    .pack(budget(1500, { tokenizer: counter }))
    .index(tools);
  const wholePicker = await pipe(bm25())
    .pack(budget(1500, { tokenizer: boundCounter('o200k_base', false) }))
    .index(tools);
  const picks = async (of: typeof picker): Promise<string[]> => {
    const selection = await of.select('get the weather forecast for a city', { limit: 10 });
    expect(selection.totalTokens).toBeLessThanOrEqual(1500);
    return selection.picks.map((pick) => `${pick.name}:${pick.tokens}`);
  };
  const exact = await picks(wholePicker);
  const first = await picks(picker);
  expect(counter.generation).toBe(0);
  // The head counts every tool at least as high, so the first picks are looser, never over budget.
  const tokensOf = (list: string[]): Map<string, number> =>
    new Map(list.map((pick) => [pick.split(':')[0]!, Number(pick.split(':')[1])]));
  const exactTokens = tokensOf(exact);
  for (const [name, tokens] of tokensOf(first)) {
    if (exactTokens.has(name)) expect(tokens).toBeGreaterThanOrEqual(exactTokens.get(name)!);
  }
  expect(first).not.toEqual(exact);
  tail.release();
  await vi.waitFor(() => expect(counter.generation).toBe(1));
  expect(await picks(picker)).toEqual(exact);
  picker.dispose();
  wholePicker.dispose();
});

it('a large definition whose counter changes between its slices is measured again, not remembered mixed', async () => {
  const huge = {
    name: 'huge',
    description: 'bulk import of records '.repeat(12_000),
    parameters: { type: 'object', properties: {} },
  };
  /** A counter as a third party might write one: a character a token, then a quarter once upgraded. */
  const upgrading = (upgradeAtCall: number): TokenCounter => {
    let calls = 0;
    const counter = {
      encoding: 'o200k_base' as const,
      generation: 0,
      count(text: string): number {
        calls++;
        if (calls === upgradeAtCall) counter.generation = 1;
        return counter.generation === 0 ? text.length : Math.ceil(text.length / 4);
      },
    };
    return counter;
  };
  const tokensWith = async (counter: TokenCounter): Promise<number> => {
    const picker = await pipe(bm25())
      .pack(budget(1_000_000, { tokenizer: counter }))
      .index(toTools([huge]));
    const [pick] = (await picker.select('bulk import', { limit: 1 })).picks;
    picker.dispose();
    return pick!.tokens!;
  };
  // Upgraded from the first count, and upgraded a few slices into the measuring.
  const upgraded = await tokensWith(upgrading(1));
  expect(await tokensWith(upgrading(5))).toBe(upgraded);
});
