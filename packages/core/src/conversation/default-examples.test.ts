import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { memoryExampleStore } from '../learning/memory-example-store.js';
import { pipe } from '../pipeline/pipe.js';
import { overlapRanker } from '../test-plugins.js';
import { defaultExamples } from './default-examples.js';

describe('defaultExamples', () => {
  it('gives each default pipeline its own memory store, so adapters learn unconfigured', () => {
    const first = defaultExamples({}, 'shortlist');
    const second = defaultExamples({}, 'shortlist');
    expect(first === false ? 'no store' : first.readExamples?.()).toEqual([]);
    expect(first).not.toBe(second);
  });

  it("keeps the user's store, and none with learn: false or their own pipeline", () => {
    const store = memoryExampleStore();
    expect(defaultExamples({ examples: store }, 'shortlist')).toBe(store);
    expect(defaultExamples({ learn: false }, 'shortlist')).toBe(false);
    expect(defaultExamples({ pipeline: pipe(overlapRanker()) }, 'shortlist')).toBe(false);
  });

  it('refuses options that contradict each other, naming the adapter', () => {
    const store = memoryExampleStore();
    expect(() =>
      defaultExamples({ pipeline: pipe(overlapRanker()), examples: store }, 'shortlist'),
    ).toThrow(/^shortlist\(\): examples only feed the default pipeline/);
    expect(() => defaultExamples({ learn: false, examples: store }, 'mastra')).toThrow(
      InvalidArgumentError,
    );
  });
});
