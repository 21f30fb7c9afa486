import type { PluginError } from '../errors/plugin-error.js';

/**
 * The picker's mutations, run one at a time so rankers never see interleaved adds and removes,
 * counted so a select can tell it overlapped one, and stopped for good once one broke an index.
 */
export interface MutationLine {
  /** Mutations begun so far: a select that sees the count change overlapped one. */
  readonly begun: number;
  /** Mutations under way. */
  readonly running: number;
  /** Set when a failed mutation could not be undone; every later call reports it. */
  broken: PluginError | undefined;
  /** Runs `work` after every mutation queued before it, whether they succeeded or not. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** A line with nothing queued yet, one per picker. */
export function mutationLine(): MutationLine {
  let queue: Promise<unknown> = Promise.resolve();
  const line = {
    begun: 0,
    running: 0,
    broken: undefined as PluginError | undefined,
    run<T>(work: () => Promise<T>): Promise<T> {
      const guarded = async (): Promise<T> => {
        if (line.broken) throw line.broken;
        line.begun++;
        line.running++;
        try {
          return await work();
        } finally {
          line.running--;
        }
      };
      const run = queue.then(guarded, guarded);
      queue = run.catch(() => undefined);
      return run;
    },
  };
  return line;
}
