import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkExamples } from './tool-example.js';

const now = Date.UTC(2026, 11, 2);
const check = (at: number, given = now) =>
  checkExamples(
    [{ query: 'send an email', tool: 'send_email', at }],
    'learn(examples)',
    () => true,
    given,
  );

describe("checkExamples(): a new example's `at`", () => {
  it('takes times from 2000-01-01 to a day past now', () => {
    for (const at of [Date.UTC(2000, 0, 1), now - 1, now + 86_400_000]) {
      expect(check(at)[0]!.at).toBe(at);
    }
  });

  it('refuses one that never ages out or predates 2000 with InvalidArgumentError', () => {
    for (const at of [8.64e15, now + 86_400_001, 42, Date.UTC(1999, 11, 31), -1]) {
      expect(() => check(at)).toThrow(InvalidArgumentError);
      expect(() => check(at)).toThrow(
        /learn\(examples\)\[0\]\.at is .*outside 2000-01-01 to a day from now/,
      );
    }
  });

  it('leaves stored examples (no `now`) to the finite-number check', () => {
    expect(checkExamples([{ query: 'q', tool: 't', at: 42 }], 'record', () => true)[0]!.at).toBe(
      42,
    );
  });
});
