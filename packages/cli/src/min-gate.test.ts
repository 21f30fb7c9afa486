import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { parseMin } from './min-gate.js';

describe('parseMin', () => {
  it('reads fractions, percentages, any case and the P@1 alias', () => {
    expect(parseMin('ndcg@10=0.60')).toEqual({ metric: 'ndcg@10', value: 0.6 });
    expect(parseMin('nDCG@10=58.5%')).toEqual({ metric: 'ndcg@10', value: 0.585 });
    expect(parseMin(' P@1 = 0.4 ')).toEqual({ metric: 'hit@1', value: 0.4 });
    expect(parseMin('complete@3=1')).toEqual({ metric: 'complete@3', value: 1 });
  });

  it('rejects unknown metrics and values outside 0..1 with a typed error', () => {
    expect(() => parseMin('ndcg@20=0.5')).toThrow(InvalidArgumentError);
    expect(() => parseMin('ndcg@10')).toThrow(/not METRIC=VALUE/);
    expect(() => parseMin('mrr=60')).toThrow(/fraction between 0 and 1/);
    expect(() => parseMin('mrr=')).toThrow(/not METRIC=VALUE/);
    expect(() => parseMin('mrr=abc')).toThrow(/fraction between 0 and 1/);
  });
});
