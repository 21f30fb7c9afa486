import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { pathFailure } from '../util/path-failure.js';
import { readCacheFile, writeAll, writeCacheFileAtomically } from './cache-file.js';
import { type EmbeddingStore, type WarningHandler, warnToConsole } from './embedding-store.js';
import { type FileLock, lockFile } from './file-lock.js';
import { encodeRecord } from './record-codec.js';

export interface FileStoreOptions {
  /** Flush every write to disk (`fsync`) before it resolves; off trades durability for speed. @default true */
  readonly fsync?: boolean;
  /** Told about torn or corrupted records skipped when the file is opened. @default console.warn */
  readonly onWarning?: WarningHandler;
}

/** A file-backed store; `compact` rewrites the file without superseded or damaged records. */
export interface FileStore extends EmbeddingStore {
  readonly path: string;
  /** Rewrites the file atomically (temporary file, then rename) with one record per key. */
  compact(): Promise<void>;
  close(): Promise<void>;
}

interface OpenState {
  readonly entries: Map<string, Float32Array>;
  handle: FileHandle;
  readonly lock: FileLock;
}

/**
 * The embedded default store: one append-only file of checksummed records, opened on first use
 * and held in memory. Torn or corrupted records are skipped with a warning (and the file
 * rewritten without them), never returned. Calls are serialised, and a lock file (`path.lock`,
 * removed by `close()`) refuses a second writer with a typed error rather than losing entries.
 */
export function fileStore(path: string, options: FileStoreOptions = {}): FileStore {
  if (typeof path !== 'string' || path === '') {
    throw new InvalidArgumentError({
      argument: 'fileStore(path)',
      expected: 'a file path',
      message:
        'fileStore(path): pass the path of the cache file, e.g. fileStore(".cache/embeddings.bin")',
    });
  }
  const { fsync = true, onWarning = warnToConsole } = options;
  let state: OpenState | undefined;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs tasks one after another, so appends and rewrites never interleave. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const ensureOpen = async (): Promise<OpenState> => {
    if (closed) {
      throw new InvalidArgumentError({
        argument: 'fileStore',
        expected: 'an open store',
        message: `fileStore(${path}) was closed; create a new fileStore to use the cache again`,
      });
    }
    if (state) return state;
    let lock: FileLock | undefined;
    try {
      await mkdir(dirname(path), { recursive: true });
      lock = await lockFile(`${path}.lock`, path);
      const { entries, rewrite } = await readCacheFile(path, onWarning);
      if (rewrite) await writeCacheFileAtomically(path, entries, fsync);
      state = { entries, handle: await open(path, 'a'), lock };
      return state;
    } catch (error) {
      await lock?.release();
      throw pathFailure(path, error, {
        argument: 'fileStore(path)',
        expected: 'the path of a cache file this process can read and write',
        advice: 'pass the path of a cache file, e.g. fileStore(".cache/embeddings.bin")',
      });
    }
  };

  return {
    path,
    getMany(keys) {
      return serial(async () => {
        const { entries } = await ensureOpen();
        return keys.map((key) => entries.get(key)?.slice());
      });
    },
    setMany(items) {
      return serial(async () => {
        const current = await ensureOpen();
        if (items.length === 0) return;
        const records = items.map(([key, vector]) => encodeRecord(key, vector));
        const bytes = new Uint8Array(records.reduce((sum, record) => sum + record.length, 0));
        let offset = 0;
        for (const record of records) {
          bytes.set(record, offset);
          offset += record.length;
        }
        await writeAll(current.handle, bytes);
        if (fsync) await current.handle.sync();
        for (const [key, vector] of items) {
          current.entries.delete(key);
          current.entries.set(key, Float32Array.from(vector));
        }
      });
    },
    compact() {
      return serial(async () => {
        const current = await ensureOpen();
        await current.handle.close();
        try {
          await writeCacheFileAtomically(path, current.entries, fsync);
        } finally {
          current.handle = await open(path, 'a');
        }
      });
    },
    close() {
      return serial(async () => {
        closed = true;
        await state?.handle.close();
        await state?.lock.release();
        state = undefined;
      });
    },
  };
}
