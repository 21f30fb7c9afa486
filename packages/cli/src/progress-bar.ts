import type { Progress } from '@shortlist/core/kit';

/** A one-line progress bar on a terminal stream; does nothing when the stream is not a terminal. */
export interface ProgressBar {
  update(progress: Progress): void;
  /** Clears the line so later output starts clean. */
  done(): void;
}

const WIDTH = 24;
const INTERVAL_MS = 100;

/** Where the bar draws: standard error, or a stand-in in tests. */
export type ProgressStream = Pick<NodeJS.WriteStream, 'isTTY' | 'write'>;

/**
 * A progress bar drawn on `stream()` (standard error) only when it is a terminal, redrawn at most
 * ten times a second, so piped output and logs stay clean. The stream is looked up on the first
 * update: setting up standard error loads the terminal modules (a few ms of a start), which a
 * run that reports no progress (the lexical default) never needs.
 */
export function progressBar(stream: () => ProgressStream = () => process.stderr): ProgressBar {
  let target: ProgressStream | undefined;
  let enabled = false;
  let last = 0;
  let drawn = false;
  return {
    update({ phase, done, total }) {
      if (target === undefined) {
        target = stream();
        enabled = target.isTTY === true;
      }
      if (!enabled) return;
      const now = Date.now();
      if (now - last < INTERVAL_MS && done < total) return;
      last = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
      target.write(`\r\x1b[2K${phase} ${bar} ${(share * 100).toFixed(0)}% ${done}/${total}`);
      drawn = true;
    },
    done() {
      if (enabled && drawn) target?.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
