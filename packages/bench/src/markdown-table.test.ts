import { expect, it } from 'vitest';
import { markdownTable } from './markdown-table.js';

it('pads columns to the widest cell and right-aligns marked columns', () => {
  expect(
    markdownTable(
      ['ranker', '>p50 µs'],
      [
        ['bm25', '12.5'],
        ['orama', '1,234'],
      ],
    ),
  ).toBe(
    [
      '| ranker | p50 µs |',
      '| ------ | -----: |',
      '| bm25   |   12.5 |',
      '| orama  |  1,234 |',
    ].join('\n'),
  );
});
