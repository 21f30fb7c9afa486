import { describe, expect, it } from 'vitest';
import { missingNeeds } from './case-needs.js';
import { allCases, itemTitles } from './cases/all-cases.js';
import { runCase } from './run-case.js';

describe('the hostile-input and fault suite', () => {
  it('has cases for every item of the issue', () => {
    const items = new Set(allCases.map((hostile) => hostile.item));
    expect([...items].sort((a, b) => a - b)).toEqual(Object.keys(itemTitles).map(Number));
  });

  // Each case ends in a typed error or a correct answer: never silently wrong, crashed or hung.
  // A case whose programs are missing (redis-server) shows as skipped, never as passed.
  describe.each(allCases.map((hostile) => [`${hostile.item}. ${hostile.name}`, hostile] as const))(
    '%s',
    (_, hostile) => {
      it.skipIf(missingNeeds(hostile) !== undefined)(
        'ends in a typed error or a correct answer',
        async () => {
          const result = await runCase(hostile);
          expect({ outcome: result.outcome, detail: result.detail }).toEqual({
            outcome: expect.stringMatching(/^(typed-error|handled)$/),
            detail: expect.any(String),
          });
        },
        20_000,
      );
    },
  );
});
