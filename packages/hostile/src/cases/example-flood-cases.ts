import { memoryExampleStore, type ToolExample } from '@shortlist/core';
import type { HostileCase } from '../hostile-case.js';

/** 2,000 earlier examples: 200 sources, 10 each, over 200 tools (or all anonymous). */
const earlier: ToolExample[] = Array.from({ length: 2_000 }, (_, i) => ({
  query: `earlier request ${i}`,
  tool: `tool_${i % 200}`,
  source: `user ${i % 200}`,
}));

/**
 * A store at its default bound (100,000) taught `earlier`, then 100,000 flood examples in
 * batches of 1,000; answers how many earlier ones are kept, and how many of other tools than
 * the flood's.
 */
async function flood(floodExample: (i: number) => ToolExample, anonymous = false) {
  const store = memoryExampleStore();
  await store.addExamples(anonymous ? earlier.map(({ source, ...example }) => example) : earlier);
  for (let from = 0; from < 100_000; from += 1_000)
    await store.addExamples(Array.from({ length: 1_000 }, (_, i) => floodExample(from + i)));
  const kept = new Set(store.examples().filter((example) => example.query.startsWith('earlier')));
  return {
    kept: kept.size,
    otherTools: [...kept].filter((example) => example.tool !== 'tool_0').length,
  };
}

const keptCheck =
  (wanted: 'kept' | 'otherTools', of: number) =>
  (answer: unknown): string | undefined => {
    const counts = answer as { kept: number; otherTools: number };
    return counts[wanted] >= of ? undefined : `${counts[wanted]} of ${of} earlier examples kept`;
  };

/** Issue 37 item 2: a flood must not erase the evidence others taught (goal: ≥ 95% kept). */
export const exampleFloodCases: HostileCase[] = [
  {
    item: 15,
    name: 'memoryExampleStore at 100,000, everyone anonymous (a gateway without sign-in): 100,000 examples onto one tool after 2,000 over 200 tools (bound: every earlier one of the other 199 tools kept)',
    wants: 'answer',
    run: () => flood((i) => ({ query: `flood ${i}`, tool: 'tool_0' }), true),
    check: keptCheck('otherTools', 1_990),
  },
  {
    item: 15,
    name: 'memoryExampleStore at 100,000: 100,000 examples from 100,000 sources onto one tool (bound: every earlier one of the other 199 tools kept)',
    wants: 'answer',
    run: () => flood((i) => ({ query: `flood ${i}`, tool: 'tool_0', source: `sybil ${i}` })),
    check: keptCheck('otherTools', 1_990),
  },
  {
    item: 15,
    name: 'memoryExampleStore at 100,000: 100,000 examples from one source spread over every tool (bound: every earlier one kept)',
    wants: 'answer',
    run: () => flood((i) => ({ query: `flood ${i}`, tool: `tool_${i % 200}`, source: 'attacker' })),
    check: keptCheck('kept', 2_000),
  },
];
