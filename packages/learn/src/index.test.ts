import { expect, it } from 'vitest';
import * as learn from './index.js';

it('exports the public surface only', () => {
  expect(Object.keys(learn).sort()).toEqual(['learned', 'storedRequest']);
});
