import type { FileHandle } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidArgumentError, type ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import {
  checkExamples,
  checkMaxAgeMs,
  checkMaxExamples,
  checkSelector,
  pathFailure,
} from '@shortlist/core/kit';
import { rewriteLog } from './example-log-compaction.js';
import {
  currentFileId,
  openLog,
  readFrom,
  removeStaleTemporaries,
  USER_ONLY_FOLDER,
} from './example-log-file.js';
import { decodeLine, encodeRecord, LOG_HEADER, type LogRecord } from './example-log-format.js';
import { lockHeld, takeLock } from './example-log-lock.js';
import { createExampleReplay, type ExampleReplay } from './example-replay.js';
import type { FileExampleStore, FileExampleStoreOptions } from './file-example-store-options.js';

/** Dead records (replaced, forgotten, trimmed, damaged) a file holds before it is compacted... */
const COMPACT_MIN_DEAD = 1000;
/** ...and how many times the live ones they must outnumber. */
const COMPACT_DEAD_FACTOR = 1;

/** Damaged lines a read names one by one; more are summed up in one warning, not one each. */
const DAMAGED_LINES_NAMED = 10;

/** Longest wait for another process's compaction to finish before reading its file anyway. */
const SETTLE_MS = 60_000;
/** Records decoded before they are applied, when reading a file: bounds what a large file holds at once. */
const APPLY_CHUNK = 4096;

/** The file this store reads and appends to, and how far it has read it. */
interface LogState {
  readonly handle: FileHandle;
  readonly id: string;
  /** Bytes applied: the start of the first line not yet read whole. */
  offset: number;
  /** Non-blank lines applied, live or dead. */
  lines: number;
  /** Per replaced file (`dev:ino`), how far a compaction copied it into this one. */
  readonly copied: Map<string, number>;
}

const fail = (argument: string, expected: string, message: string): never => {
  throw new InvalidArgumentError({ argument, expected, message });
};

/**
 * Keeps examples in an append-only JSONL file that survives restarts and that several
 * processes may share: each append is one `write` of whole lines on an `O_APPEND` descriptor,
 * forgets are tombstone records, other processes' lines are picked up every `pollMs`, and the
 * file is compacted (rewritten and renamed over, under a lock file) once dead records pile up.
 */
export function fileExampleStore(
  path: string,
  options: FileExampleStoreOptions = {},
): FileExampleStore {
  if (typeof path !== 'string' || path === '') {
    fail(
      'fileExampleStore(path)',
      'a file path',
      'fileExampleStore(path): pass the path of the examples file, e.g. fileExampleStore(".shortlist/examples.jsonl")',
    );
  }
  if (typeof options !== 'object' || options === null) {
    fail(
      'fileExampleStore(options)',
      'an options object',
      'fileExampleStore(options) must be an object',
    );
  }
  const name = `fileExampleStore(${path})`;
  const bounds = {
    maxExamples: checkMaxExamples(options.maxExamples, 'fileExampleStore(options.maxExamples)'),
    maxAgeMs: checkMaxAgeMs(options.maxAgeMs, 'fileExampleStore(options.maxAgeMs)'),
  };
  const pollMs = options.pollMs ?? 250;
  if (typeof pollMs !== 'number' || !Number.isFinite(pollMs) || pollMs < 1) {
    fail(
      'fileExampleStore(options.pollMs)',
      'a number of ms of at least 1',
      `fileExampleStore(options.pollMs) must be at least 1 (ms between checks of the file), got ${String(pollMs)}`,
    );
  }
  const fsync = options.fsync ?? true;
  if (typeof fsync !== 'boolean') {
    fail(
      'fileExampleStore(options.fsync)',
      'a boolean',
      `fileExampleStore(options.fsync) must be true or false, got ${String(fsync)}`,
    );
  }
  const onWarning = options.onWarning ?? ((message: string) => console.warn(message));
  const lockPath = `${path}.lock`;

  const listeners = new Set<(change: ExampleChange) => void>();
  const tell = (change: ExampleChange): void => {
    for (const listener of listeners) listener(change);
  };
  const quiet = (): void => undefined;
  let replay: ExampleReplay = createExampleReplay(bounds);
  let log: LogState | undefined;
  let closed = false;
  /** This store is compacting: it holds the lock, so must not wait for it. */
  let holdingLock = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** A tombstone this store wrote and waits to see applied, to count what it forgot. */
  let watching: { readonly line: string; count?: number } | undefined;
  let lastWarning = '';
  const warnOnce = (error: unknown): void => {
    const message = `${name}: ${error instanceof Error ? error.message : String(error)}`;
    if (message !== lastWarning) onWarning(message);
    lastWarning = message;
  };

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs tasks one after another, so reads, appends and compactions never interleave here. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  /** Applies the whole lines of `bytes`, the file's content from `state.offset` on. */
  const consume = (state: LogState, bytes: Buffer, say: (change: ExampleChange) => void): void => {
    const end = bytes.lastIndexOf(0x0a) + 1;
    let records: LogRecord[] = [];
    /** Applies the records read so far: in chunks, so a large file's are not all held at once. */
    const apply = (): void => {
      const forgotten = replay.apply(records, say);
      if (watching && watching.count === undefined) {
        const mine = records.findIndex(
          (record) => 'forget' in record && encodeRecord(record) === watching!.line,
        );
        if (mine >= 0) watching.count = forgotten[mine]!;
      }
      records = [];
    };
    let damaged = 0;
    /** The first few damaged lines are named; the rest are counted in one warning. */
    const warnDamaged = (message: string): void => {
      if (++damaged <= DAMAGED_LINES_NAMED) onWarning(message);
    };
    for (let start = 0; start < end; ) {
      const newline = bytes.indexOf(0x0a, start);
      const at = state.offset + start;
      const line = bytes.toString('utf8', start, newline);
      start = newline + 1;
      if (line === '') continue;
      state.lines++;
      const decoded = decodeLine(line);
      if (decoded.skipped) {
        warnDamaged(
          `${name}: skipped ${decoded.skipped.bytes} damaged bytes at byte ${at} (${decoded.skipped.why}): a write cut short by a crash; the records after them are kept`,
        );
      }
      if (!decoded.ok) {
        warnDamaged(
          `${name}: skipped a damaged line at byte ${at} (${decoded.why}): a write cut short by a crash, or an edit; the lines after it are kept`,
        );
        continue;
      }
      const { record } = decoded;
      if ('compacted' in record) state.copied.set(record.compacted.file, record.compacted.copied);
      else if (records.push(record) === APPLY_CHUNK) apply();
    }
    apply();
    state.offset += end;
    if (damaged > DAMAGED_LINES_NAMED) {
      onWarning(
        `${name}: skipped ${damaged - DAMAGED_LINES_NAMED} more damaged lines after those named (${damaged} in all); the lines after them are kept`,
      );
    }
  };

  /** Waits while another process holds the lock: a compaction copies lines after its rename. */
  const settle = async (): Promise<void> => {
    const until = Date.now() + SETTLE_MS;
    while (!holdingLock && Date.now() < until && (await lockHeld(lockPath))) await sleep(15);
  };

  /** (Re)reads the file from its start, as now at the path; subscribers hear `reset` on a re-read. */
  const load = async (): Promise<LogState> => {
    let opened: Awaited<ReturnType<typeof openLog>>;
    // A replaced file is read once its compaction finished, so lines it copies keep their order.
    if (log) await settle();
    try {
      await mkdir(dirname(path), { recursive: true, mode: USER_ONLY_FOLDER });
      if (!log) await removeStaleTemporaries(path);
      opened = await openLog(path, lockPath);
    } catch (error) {
      throw pathFailure(path, error, {
        argument: 'fileExampleStore(path)',
        expected: 'the path of an examples file this process can read and write',
        advice:
          'pass the path of an examples file, e.g. fileExampleStore(".shortlist/examples.jsonl")',
      });
    }
    const previous = log;
    const state: LogState = {
      handle: opened.handle,
      id: opened.id,
      offset: Buffer.byteLength(LOG_HEADER),
      lines: 0,
      copied: new Map(),
    };
    replay = createExampleReplay(bounds);
    const body = opened.bytes.subarray(state.offset);
    consume(state, body, quiet);
    const partial = opened.bytes.length - state.offset;
    if (partial > 0) {
      onWarning(
        `${name}: skipped the last ${partial} bytes, not a whole line: a write cut short by a crash, or one still in progress`,
      );
    }
    replay.expire(Date.now(), quiet);
    log = state;
    if (previous) {
      await previous.handle.close().catch(() => undefined);
      tell({ type: 'reset' });
    }
    return state;
  };

  /** Applies what was appended since the last read; re-reads a file replaced or cut short. */
  const catchUp = async (): Promise<LogState> => {
    let state = log!;
    if ((await currentFileId(path)) !== state.id) return load();
    const { size } = await state.handle.stat();
    if (size < state.offset) return load();
    if (size > state.offset) consume(state, await readFrom(state.handle, state.offset), tell);
    replay.expire(Date.now(), tell);
    state = log!;
    return state;
  };

  const poll = (): Promise<void> =>
    serial(async () => {
      if (closed) return;
      await catchUp();
      await compactIfDue();
    });

  const ensureOpen = async (): Promise<LogState> => {
    if (closed) {
      fail(
        name,
        'an open store',
        `${name} was closed; create a new fileExampleStore to use the file again`,
      );
    }
    if (log) return log;
    const state = await load();
    timer = setInterval(() => {
      poll().catch(warnOnce);
    }, pollMs);
    timer.unref();
    return state;
  };

  /** One `write` of whole lines, started on a fresh line should the file end in a torn one. */
  const writeLines = async (
    state: LogState,
    text: string,
  ): Promise<{ data: Buffer; from: number }> => {
    const { size } = await state.handle.stat();
    let fresh = true;
    if (size > 0) {
      const last = Buffer.alloc(1);
      await state.handle.read(last, 0, 1, size - 1);
      fresh = last[0] === 0x0a;
    }
    const data = Buffer.from(fresh ? text : `\n${text}`);
    let written = 0;
    while (written < data.length) {
      // Without a position, an O_APPEND descriptor writes at the end, whatever others wrote.
      const { bytesWritten } = await state.handle.write(data, written, data.length - written);
      written += bytesWritten;
    }
    if (fsync) await state.handle.sync();
    return { data, from: size };
  };

  /**
   * Appends `text` so that it ends up in the file at the path: when a compaction replaced the
   * file around the write, waits for it to finish and appends again unless it copied the lines.
   */
  const append = async (text: string): Promise<void> => {
    for (;;) {
      const state = log!;
      const { data, from } = await writeLines(state, text);
      if ((await currentFileId(path)) === state.id) return; // any later compaction reads it
      const rest = await readFrom(state.handle, from);
      const at = rest.indexOf(data);
      const current = await load();
      const copiedTo = current.copied.get(state.id) ?? -1;
      if (at >= 0 && from + at + data.length <= copiedTo) return;
    }
  };

  const compact = async (waitMs: number): Promise<boolean> => {
    const lock = await takeLock(lockPath, waitMs);
    if (!lock) return false;
    holdingLock = true;
    try {
      const state = await catchUp();
      const rewritten = await rewriteLog(path, state, state.offset, replay.kept.values());
      log = {
        handle: rewritten.handle,
        id: rewritten.id,
        offset: rewritten.liveEnd,
        lines: replay.kept.size,
        copied: new Map(),
      };
      await state.handle.close().catch(() => undefined);
    } finally {
      holdingLock = false;
      await lock.release();
    }
    await catchUp();
    return true;
  };

  const compactIfDue = async (): Promise<void> => {
    const dead = log!.lines - replay.kept.size;
    if (dead < COMPACT_MIN_DEAD || dead <= replay.kept.size * COMPACT_DEAD_FACTOR) return;
    // Another process compacting now does the job; this one re-reads its result.
    await compact(0).catch(warnOnce);
  };

  return {
    path,
    async addExamples(examples) {
      const checked = checkExamples(examples, 'addExamples(examples)', () => true);
      if (checked.length === 0) return;
      const now = Date.now();
      const text = checked
        .map((example) => encodeRecord({ add: { ...example, at: example.at ?? now } }))
        .join('');
      await serial(async () => {
        await ensureOpen();
        await catchUp();
        await append(text);
        await catchUp();
        await compactIfDue();
      });
    },
    readExamples() {
      return serial(async () => {
        await ensureOpen();
        await catchUp();
        return [...replay.kept.values()] as readonly ToolExample[];
      });
    },
    async forgetExamples(selector) {
      const checked = checkSelector(selector, 'forgetExamples(selector)');
      return serial(async () => {
        await ensureOpen();
        await catchUp();
        const line = encodeRecord({ forget: checked });
        watching = { line };
        let dropped = 0;
        try {
          await append(line);
          await catchUp();
          dropped = watching.count ?? 0;
          return dropped;
        } finally {
          watching = undefined;
          // Erasing is the user's call: the file is rewritten without the forgotten examples
          // and the forget itself at once, so no trace of them stays on disk.
          if (dropped > 0) await compact(0).catch(warnOnce);
          else await compactIfDue();
        }
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      serial(ensureOpen).catch(warnOnce);
      return () => {
        listeners.delete(listener);
      };
    },
    compact() {
      return serial(async () => {
        await ensureOpen();
        if (!(await compact(60_000))) {
          throw new InvalidArgumentError({
            argument: name,
            expected: 'a file no other process is compacting for a minute',
            message: `${name}.compact(): the lock ${lockPath} stayed held for a minute; if no process is compacting this file, delete the lock file`,
          });
        }
      });
    },
    close() {
      return serial(async () => {
        closed = true;
        if (timer) clearInterval(timer);
        await log?.handle.close();
        log = undefined;
      });
    },
  };
}
