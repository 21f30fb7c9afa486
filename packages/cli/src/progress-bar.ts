import type { Progress } from '@shortlist/core';

/** A one-line progress bar on a terminal stream; does nothing when the stream is not a terminal. */
export interface ProgressBar {
  update(progress: Progress): void;
  /** Clears the line so later output starts clean. */
  done(): void;
}

const WIDTH = 24;
const INTERVAL_MS = 100;

/**
 * A progress bar drawn on `stream` (standard error) only when it is a terminal, redrawn at most
 * ten times a second, so piped output and logs stay clean.
 */
export function progressBar(
  stream: NodeJS.WriteStream = process.stderr,
  enabled: boolean = stream.isTTY === true,
): ProgressBar {
  let last = 0;
  let drawn = false;
  return {
    update({ phase, done, total }) {
      if (!enabled) return;
      const now = Date.now();
      if (now - last < INTERVAL_MS && done < total) return;
      last = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
      stream.write(`\r\x1b[2K${phase} ${bar} ${(share * 100).toFixed(0)}% ${done}/${total}`);
      drawn = true;
    },
    done() {
      if (enabled && drawn) stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
