/**
 * How fast the gateway follows an upstream that relists without pause (issue 37). Rankers build
 * fresh typed arrays for each batch of changes; replaced ones live until a full garbage
 * collection, and the C allocator keeps the peak they reach (fragmented) after the churn stops.
 * Pacing by the size of the last batch bounds that peak; an ordinary change still goes at once.
 */

/** Longest pause between two back-to-back listings of one upstream. */
const maxRelistPauseMs = 10_000;

/** Longest pause between two index updates. */
const maxReindexPauseMs = 20_000;

/** How long after a listing of `tools` tools the next one may start: 0.5 ms a tool. */
export const relistPauseMs = (tools: number): number => Math.min(maxRelistPauseMs, tools / 2);

/** How long the next index update waits after one that added or removed `changed` tools: 1 ms each. */
export const reindexPauseMs = (changed: number): number => Math.min(maxReindexPauseMs, changed);

/** Waits `ms`, or less if `stop()` is called first (a closing gateway waits for no pause). */
export class Pause {
  private readonly waking = new Set<() => void>();
  private stopped = false;

  wait(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waking.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.waking.add(wake);
    });
  }

  /** Ends the pauses under way and every later one at once. */
  stop(): void {
    this.stopped = true;
    for (const wake of [...this.waking]) wake();
  }
}
