import type { WarningHandler } from '@shortlist/core';

/** Says once that Redis is unreachable and once that it is back, never once per failed call. */
export interface OutageNotice {
  failed(what: string, error: unknown): void;
  recovered(): void;
}

export function outageNotice(label: string, onWarning: WarningHandler): OutageNotice {
  let down = false;
  return {
    failed(what, error) {
      if (down) return;
      down = true;
      onWarning(
        `${label}: Redis unreachable (${what}: ${error instanceof Error ? error.message : String(error)}); working alone until it returns`,
      );
    },
    recovered() {
      if (!down) return;
      down = false;
      onWarning(`${label}: Redis reachable again`);
    },
  };
}

/** Default warning handler: `console.warn`, so an outage or damaged data is never silent. */
export const warnToConsole: WarningHandler = (message) => {
  console.warn(message);
};
