import { describe, expect, it, vi } from 'vitest';
import {
  ApiCallError,
  CorruptDataError,
  InvalidArgumentError,
  PluginError,
  ShortlistError,
  UnsupportedSpecVersionError,
} from './index.js';

describe('errors', () => {
  const errors = [
    new InvalidArgumentError({ argument: 'x', expected: 'y', message: 'm' }),
    new UnsupportedSpecVersionError({
      kind: 'ranker',
      pluginId: 'p',
      received: 'v9',
      supported: ['v1'],
    }),
    new ApiCallError({
      provider: 'openai',
      reason: 'rate-limit',
      status: 429,
      retryable: true,
      message: 'm',
    }),
    new PluginError({ pluginId: 'p', message: 'm' }),
    new CorruptDataError({ source: 's', message: 'm' }),
  ];

  it('are Errors and Shortlist errors with a stable code', () => {
    expect(errors.map((error) => error.code)).toEqual([
      'invalid-argument',
      'unsupported-spec-version',
      'api-call-failed',
      'plugin-failed',
      'corrupt-data',
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect(ShortlistError.isInstance(error)).toBe(true);
    }
  });

  it('carry their context as own fields, a status even when no service answered', () => {
    expect({ ...errors[1] }).toEqual({
      code: 'unsupported-spec-version',
      name: 'UnsupportedSpecVersionError',
      kind: 'ranker',
      pluginId: 'p',
      received: 'v9',
      supported: ['v1'],
    });
    const timeout = new ApiCallError({
      provider: 'voyage',
      reason: 'timeout',
      retryable: true,
      message: 'm',
    });
    expect(Object.keys(timeout)).toEqual([
      'code',
      'name',
      'provider',
      'reason',
      'status',
      'retryable',
    ]);
    expect(timeout).toMatchObject({ provider: 'voyage', reason: 'timeout', retryable: true });
    expect(timeout.status).toBeUndefined();
  });

  it('recognise only their own subclass', () => {
    expect(errors.map((error) => InvalidArgumentError.isInstance(error))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(ApiCallError.isInstance(errors[2])).toBe(true);
    expect(ShortlistError.isInstance(new Error('plain'))).toBe(false);
    expect(ShortlistError.isInstance(null)).toBe(false);
    expect(ShortlistError.isInstance({ code: 'invalid-argument' })).toBe(false);
  });

  it('are recognised across two loaded copies of core', async () => {
    vi.resetModules();
    // A query string makes the module loader evaluate the file again: a second copy of core.
    const specifier = './index.js?copy';
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof import('./index.js');
    const foreign = new copy.InvalidArgumentError({ argument: 'a', expected: 'b', message: 'c' });
    expect(foreign).not.toBeInstanceOf(InvalidArgumentError);
    expect(InvalidArgumentError.isInstance(foreign)).toBe(true);
    expect(ShortlistError.isInstance(foreign)).toBe(true);
  });

  it('lists the supported spec versions in the message', () => {
    expect(errors[1]!.message).toContain('"v9"');
    expect(errors[1]!.message).toContain('supports "v1"');
  });
});
