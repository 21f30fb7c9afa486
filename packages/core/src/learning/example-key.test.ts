import { describe, expect, it } from 'vitest';
import { exampleKey, type ToolExample } from './tool-example.js';

describe('exampleKey()', () => {
  it('tells apart examples whose texts run into each other, and ignores when they were learnt', () => {
    const examples: ToolExample[] = [
      { query: 'a', tool: '1:b' },
      { query: 'a1:', tool: 'b' },
      { query: 'a', tool: '1:b', source: '' },
      { query: 'a', tool: '1:b', helpful: false },
      { query: 'a', tool: '1', source: 'b' },
      { query: 'a', tool: '1b' },
      { query: '', tool: 'a1:b' },
    ];
    const keys = examples.map(exampleKey);
    expect(new Set(keys).size).toBe(examples.length);
    expect(exampleKey({ query: 'a', tool: '1:b', at: 5, helpful: true })).toBe(keys[0]);
  });
});
