import { type Picker, pipe } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';
import { nameMatch } from './name-match.js';
import {
  benchmarkSets,
  benchmarksDir,
  haveBenchmarks,
  loadBenchmark,
} from './test-benchmark-sets.js';

/** The tools of a catalogue that "use <name>" or "call <name> with …" does not put first. */
async function missed(picker: Picker, names: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const name of names) {
    for (const query of [`use ${name}`, `call ${name} with the arguments from before`]) {
      const { picks } = await picker.select(query, { limit: 3 });
      if (picks[0]?.name !== name) out.push(`${query} → ${picks[0]?.name}`);
    }
  }
  return out;
}

describe.skipIf(!haveBenchmarks)(
  `"use <tool name>" ranks the tool first on every tool of the shared sets (${benchmarksDir})`,
  () => {
    for (const set of benchmarkSets) {
      it(`${set}, in lexical() and in nameMatch() alone`, async () => {
        const { tools } = await loadBenchmark(set, 1);
        const names = tools.map((tool) => tool.name);
        expect(await missed(await lexical().index(tools), names)).toEqual([]);
        expect(await missed(await pipe(nameMatch()).index(tools), names)).toEqual([]);
      }, 300_000);
    }
  },
);
