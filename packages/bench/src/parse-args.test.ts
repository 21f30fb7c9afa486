import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './parse-args.js';

describe('parseBenchArgs', () => {
  it('maps flags to runBench options', () => {
    const command = parseBenchArgs([
      '--sizes',
      '1000,10_000',
      '--queries',
      '50',
      '--rankers',
      'bm25, orama',
      '--max-query-seconds',
      '2.5',
      '--skip-budget',
      '--definitions',
      '../shared/benchmarks',
      '--vector-sizes',
      '1000,10_000',
      '--vector-dimensions',
      '384',
      '--metatool',
      'data/metatool',
      '--skip-vectors',
      '--json',
    ]);
    expect(command).toEqual({
      options: {
        sizes: [1000, 10_000],
        queries: 50,
        rankers: ['bm25', 'orama'],
        maxQueryMs: 2500,
        budget: false,
        vectors: false,
        vectorSizes: [1000, 10_000],
        vectorDimensions: [384],
        metatool: 'data/metatool',
      },
      definitionsPath: '../shared/benchmarks',
      json: true,
      help: false,
    });
  });

  it('leaves defaults to runBench when no flag is given', () => {
    expect(parseBenchArgs([])).toEqual({ options: {}, json: false, help: false });
  });

  it('rejects unknown flags and malformed numbers with typed errors', () => {
    expect(() => parseBenchArgs(['--size', '10'])).toThrow(InvalidArgumentError);
    expect(() => parseBenchArgs(['--queries', 'many'])).toThrow(/--queries must be an integer/);
    expect(() => parseBenchArgs(['--max-query-seconds', '0'])).toThrow(InvalidArgumentError);
  });
});
