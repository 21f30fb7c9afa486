import { InvalidArgumentError } from '@shortlist/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkTexts } from './check-texts.js';
import { readCredential } from './read-credential.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('checkTexts', () => {
  it('names the first text that is empty or not a string', () => {
    expect(() => checkTexts(['a', 'b'], 'the API')).not.toThrow();
    expect(() => checkTexts(['a', ''], 'the API')).toThrow(
      'doEmbed: texts[1] is empty; the API embeds only non-empty strings',
    );
    expect(() => checkTexts([3], 'the API')).toThrow(InvalidArgumentError);
  });
});

describe('readCredential', () => {
  const source = {
    given: undefined,
    envVar: 'SHORTLIST_REMOTE_TEST_KEY',
    argument: 'create(options.apiKey)',
    expected: 'a key',
    missing: 'no key: set SHORTLIST_REMOTE_TEST_KEY',
  };

  it('prefers the given key, else reads the environment when called', () => {
    expect(readCredential({ ...source, given: 'given-key' })).toBe('given-key');
    vi.stubEnv('SHORTLIST_REMOTE_TEST_KEY', 'from-env');
    expect(readCredential(source)).toBe('from-env');
  });

  it('treats a blank key as missing: an error, or undefined when optional', () => {
    vi.stubEnv('SHORTLIST_REMOTE_TEST_KEY', '  ');
    expect(() => readCredential(source)).toThrow(/no key: set SHORTLIST_REMOTE_TEST_KEY/);
    expect(readCredential({ ...source, optional: true })).toBeUndefined();
  });
});
