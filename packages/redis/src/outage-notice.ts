import type { WarningHandler } from '@shortlist/core/kit';
import { classifyRedisFailure, type RedisFailureKind } from './redis-failure.js';

/**
 * Says once that Redis is unreachable and once that it is back, never once per failed call; and
 * once that it refuses writes (full, a key of another type), until a write succeeds again.
 */
export interface OutageNotice {
  /** A call failed; `keys` are the keys it touched, named when one holds another type. */
  failed(what: string, error: unknown, keys?: readonly string[]): void;
  /** Redis answered: ends an outage. */
  recovered(): void;
  /** A write succeeded: ends an outage and any refusal of writes. */
  written(): void;
}

export function outageNotice(label: string, onWarning: WarningHandler): OutageNotice {
  let down = false;
  const refused = new Set<RedisFailureKind>();
  const recovered = () => {
    if (!down) return;
    down = false;
    onWarning(`${label}: Redis reachable again`);
  };
  return {
    failed(what, error, keys) {
      const failure = classifyRedisFailure(error, keys);
      if (failure.kind === 'unreachable' || failure.kind === 'timeout') {
        if (down) return;
        down = true;
        onWarning(
          `${label}: Redis unreachable (${what}: ${error instanceof Error ? error.message : String(error)}); working alone until it returns`,
        );
        return;
      }
      if (refused.has(failure.kind)) return;
      refused.add(failure.kind);
      onWarning(`${label}: ${what} failed: ${failure.text}; working alone until it is fixed`);
    },
    recovered,
    written() {
      recovered();
      if (refused.size === 0) return;
      refused.clear();
      onWarning(`${label}: Redis accepts writes again`);
    },
  };
}

/** Default warning handler: `console.warn`, so an outage or damaged data is never silent. */
export const warnToConsole: WarningHandler = (message) => {
  console.warn(message);
};
