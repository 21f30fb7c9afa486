import fc from 'fast-check';
import { describe, it } from 'vitest';
import { mutationProperty, selectProperty } from './hostile-properties.js';

describe('hostile properties', () => {
  it('select() answers any catalogue, query and options within its promises, or a typed error', async () => {
    await fc.assert(selectProperty, { numRuns: 60 });
  }, 60_000);

  it('concurrent selects, adds and removes keep every ranker in step with the catalogue', async () => {
    await fc.assert(mutationProperty, { numRuns: 40 });
  }, 60_000);
});
