import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { toTools } from './to-tools.js';

const invalid = (input: unknown): InvalidArgumentError => {
  try {
    toTools(input);
  } catch (error) {
    if (InvalidArgumentError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('toTools accepted it');
};

describe('toTools() with hostile input', () => {
  it('checks the names of canonical-shaped entries too', () => {
    const [canonical] = toTools([{ name: 'send', description: 'Send' }]);
    for (const name of ['', '   ']) {
      const error = invalid([{ ...canonical!, name }]);
      expect(error.argument).toBe('tools[0].name');
    }
  });

  it('treats a hole in a sparse array as a missing tool', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point of the test
    const error = invalid([{ name: 'a', description: 'x' }, , { name: 'b', description: 'y' }]);
    expect(error.argument).toBe('tools[1]');
  });
});
