import { ShortlistError } from '@shortlist/core';
import type { HostileCase, Outcome } from './hostile-case.js';

/** A case that has not settled after this long is hung; elapsed time counts blocked event loops too. */
export const CASE_DEADLINE_MS = 15_000;

export interface CaseResult {
  readonly outcome: Outcome;
  /** What happened, for a failing case's report. */
  readonly detail: string;
  readonly ms: number;
}

/**
 * Runs one case and classifies it: a Shortlist error is `typed-error` unless an answer was due
 * (then `crashed`, as is any other error) or it misnames the cause (`silently-wrong`); an answer is `handled` when its check passes, else
 * `silently-wrong` (so is an answer where an error was due); past the deadline it is `hung`.
 */
export async function runCase(
  hostile: HostileCase,
  deadlineMs: number = CASE_DEADLINE_MS,
): Promise<CaseResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), deadlineMs);
  });
  const settled = hostile.run().then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  const result = await Promise.race([settled, deadline]);
  clearTimeout(timer);
  const ms = performance.now() - started;
  if (result === 'hung' || ms > deadlineMs) {
    return { outcome: 'hung', detail: `no answer within ${deadlineMs} ms`, ms };
  }
  if ('error' in result) {
    const message = result.error instanceof Error ? result.error.message : String(result.error);
    if (ShortlistError.isInstance(result.error) && hostile.wants !== 'answer') {
      const detail = `${result.error.name}: ${message}`;
      return hostile.errorSays && !hostile.errorSays.test(message)
        ? {
            outcome: 'silently-wrong',
            detail: `misnamed the cause (wanted ${hostile.errorSays}): ${detail}`,
            ms,
          }
        : { outcome: 'typed-error', detail, ms };
    }
    return { outcome: 'crashed', detail: String(result.error), ms };
  }
  if (hostile.wants === 'typed-error') {
    return { outcome: 'silently-wrong', detail: 'answered where a typed error was due', ms };
  }
  const wrong = hostile.check?.(result.answer);
  return wrong === undefined
    ? { outcome: 'handled', detail: 'answered correctly', ms }
    : { outcome: 'silently-wrong', detail: wrong, ms };
}
