/** What the coordinator asks a worker to do. */
export type Command =
  | { type: 'start'; shared: boolean }
  | { type: 'restarts'; repeats: number }
  | { type: 'follow' }
  | { type: 'add'; name: string; description: string }
  | { type: 'verify'; tools: { name: string; description: string }[] }
  | { type: 'exit' };

/** What a worker reports back. */
export type Report =
  | { type: 'started'; worker: number; ms: number; source: string; size: number }
  | {
      type: 'restarts';
      worker: number;
      restoreMs: number[];
      aloneMs: number[];
      warmMs: number[];
      /** This worker's own CPU time (user + system) during each restore / index alone. */
      restoreCpuMs: number[];
      aloneCpuMs: number[];
      parts: Record<string, number>;
    }
  | { type: 'following'; worker: number }
  | { type: 'applied'; worker: number; name: string; at: number; addedAt: number }
  | { type: 'added'; worker: number; name: string; startAt: number; at: number }
  | { type: 'verified'; worker: number; found: number; of: number };

/** Milliseconds since the epoch with sub-millisecond precision, comparable across processes. */
export const wallClock = (): number => performance.timeOrigin + performance.now();
