import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { missingNeeds } from './case-needs.js';
import type { HostileCase } from './hostile-case.js';
import { runCase } from './run-case.js';
import { formatTable, runCases, tabulate } from './suite-table.js';

const typed = () =>
  Promise.reject(new InvalidArgumentError({ argument: 'x', expected: 'y', message: 'bad x' }));
const make = (
  wants: HostileCase['wants'],
  run: () => Promise<unknown>,
  check?: HostileCase['check'],
): HostileCase => ({
  item: 1,
  name: 'case',
  wants,
  run,
  ...(check ? { check } : {}),
});

describe('runCase() classification', () => {
  it('tells every outcome apart', async () => {
    const outcomes = await Promise.all(
      [
        make('typed-error', typed),
        make('either', typed),
        make('answer', typed),
        make('answer', () => Promise.reject(new TypeError('boom'))),
        make(
          'answer',
          async () => 1,
          (answer) => (answer === 1 ? undefined : 'not 1'),
        ),
        make(
          'answer',
          async () => 2,
          (answer) => (answer === 1 ? undefined : 'not 1'),
        ),
        make('typed-error', async () => 1),
        make('answer', () => new Promise(() => undefined)),
      ].map((hostile) => runCase(hostile, 50).then((result) => result.outcome)),
    );
    expect(outcomes).toEqual([
      'typed-error',
      'typed-error',
      'crashed',
      'crashed',
      'handled',
      'silently-wrong',
      'silently-wrong',
      'hung',
    ]);
  });

  it('counts a typed error that misnames the cause as silently wrong', async () => {
    const says = (errorSays: RegExp) => ({ ...make('typed-error', typed), errorSays });
    expect((await runCase(says(/bad x/))).outcome).toBe('typed-error');
    const misnamed = await runCase(says(/out of memory/));
    expect(misnamed.outcome).toBe('silently-wrong');
    expect(misnamed.detail).toMatch(/misnamed the cause .*bad x/);
  });

  it('counts a case that blocks the event loop past its deadline as hung', async () => {
    const blocking = make('answer', async () => {
      const end = performance.now() + 80;
      while (performance.now() < end) {
        // Spin: a synchronous hang no timer can interrupt.
      }
      return 1;
    });
    expect((await runCase(blocking, 40)).outcome).toBe('hung');
  });

  it('tabulates per item with a total row', async () => {
    const results = [
      {
        hostile: { ...make('answer', async () => 1), item: 2 },
        result: await runCase(make('answer', async () => 1)),
      },
      {
        hostile: { ...make('answer', typed), item: 1 },
        result: await runCase(make('answer', typed)),
      },
    ];
    const table = formatTable(tabulate(results), { 1: 'one', 2: 'two' });
    expect(table.split('\n').slice(2)).toEqual([
      '| 1. one | 1 | 0 | 0 | 0 | 1 | 0 |',
      '| 2. two | 1 | 0 | 1 | 0 | 0 | 0 |',
      '| **total** | 2 | 0 | 1 | 0 | 1 | 0 |',
    ]);
  });
});

describe('cases that need a program', () => {
  it('are skipped, with why, when it is not installed, and never counted', async () => {
    const needy = { ...make('answer', async () => 1), needs: ['shortlist-no-such-program'] };
    expect(missingNeeds(needy)).toBe('shortlist-no-such-program not installed');
    expect(missingNeeds({ ...needy, needs: ['node'] })).toBeUndefined();
    const { results, skipped } = await runCases([needy]);
    expect([results.length, skipped.map(({ why }) => why)]).toEqual([
      0,
      ['shortlist-no-such-program not installed'],
    ]);
  });
});
