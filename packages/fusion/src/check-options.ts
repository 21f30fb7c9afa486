import { InvalidArgumentError } from '@shortlist/core';
import { checkInteger } from '@shortlist/core/kit';

/** Ranker weights as the factories store them: a frozen copy of finite, non-negative numbers. */
export type Weights = Readonly<Record<string, number>>;

/** Validates a `weights` option: a plain object of finite numbers ≥ 0, keyed by ranker id. */
export function checkWeights(weights: unknown, argument: string): Weights {
  if (weights === undefined) return Object.freeze({});
  if (typeof weights !== 'object' || weights === null || Array.isArray(weights)) {
    throw new InvalidArgumentError({
      argument,
      expected: 'an object of weights keyed by ranker id',
      message: `${argument} must be an object keyed by ranker id, e.g. { bm25: 0.7, tfidf: 0.3 }; got ${Array.isArray(weights) ? 'an array' : String(weights)}`,
    });
  }
  const copy: Record<string, number> = {};
  for (const [id, weight] of Object.entries(weights)) {
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      throw new InvalidArgumentError({
        argument: `${argument}.${id}`,
        expected: 'a finite number ≥ 0',
        message: `${argument}.${id} must be a finite number ≥ 0 (0 ignores the ranker), got ${String(weight)}`,
      });
    }
    copy[id] = weight;
  }
  return Object.freeze(copy);
}

/** Validates RRF's `k`: a finite number > 0. */
export function checkK(k: unknown, argument: string): number {
  if (typeof k !== 'number' || !Number.isFinite(k) || k <= 0) {
    throw new InvalidArgumentError({
      argument,
      expected: 'a finite number > 0',
      message: `${argument} must be a finite number > 0 (60 is the usual choice), got ${String(k)}`,
    });
  }
  return k;
}

/** Validates a fusion's `head`: a positive integer, the tools of each ranking it normalises over. */
export function checkHead(head: unknown, argument: string): number {
  return checkInteger(head, argument, {
    hint: '(tools of each ranking normalised over, e.g. 40)',
  });
}

/** Validates `doFuse`'s limit: a non-negative integer. */
export function checkLimit(limit: unknown, argument: string): number {
  return checkInteger(limit, argument, { min: 0 });
}

/** The weight of a ranker: its entry in `weights`, or 1 when it has none. */
export function weightOf(weights: Weights, rankerId: string): number {
  return Object.hasOwn(weights, rankerId) ? weights[rankerId]! : 1;
}

/** Validates an options object and rejects unknown keys, which are usually typos (`K` for `k`). */
export function checkOptionKeys(options: unknown, known: readonly string[], factory: string): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidArgumentError({
      argument: `${factory}(options)`,
      expected: 'an options object',
      message: `${factory}(options) takes one options object, e.g. ${factory}({ weights: { bm25: 2 } }); got ${String(options)}`,
    });
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new InvalidArgumentError({
        argument: `${factory}(options.${key})`,
        expected: `one of the options ${known.join(', ')}`,
        message: `${factory}() has no option "${key}"; it accepts ${known.join(', ')}`,
      });
    }
  }
}
