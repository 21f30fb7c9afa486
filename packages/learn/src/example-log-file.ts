import { type BigIntStats, constants } from 'node:fs';
import { type FileHandle, link, open, readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CorruptDataError, InvalidArgumentError } from '@shortlist/core';
import { LOG_FORMAT, LOG_HEADER, LOG_VERSION } from './example-log-format.js';
import { STALE_LOCK_MS, takeLock } from './example-log-lock.js';

/** A file's identity, `dev:ino`: it changes when a compaction renames a new file over the path. */
export const fileId = (info: BigIntStats): string => `${info.dev}:${info.ino}`;

/** The identity of the file now at `path`, or undefined when there is none. */
export async function currentFileId(path: string): Promise<string | undefined> {
  try {
    return fileId(await stat(path, { bigint: true }));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** An examples file, open for positional reads and appends (`O_APPEND`), read to its end. */
export interface OpenedLog {
  readonly handle: FileHandle;
  readonly id: string;
  /** The whole file as read when opened. */
  readonly bytes: Buffer;
}

/** The file's bytes from `from` to its current end, read through `handle`. */
export async function readFrom(handle: FileHandle, from: number): Promise<Buffer> {
  const { size } = await handle.stat();
  const bytes = Buffer.alloc(Math.max(0, size - from));
  let done = 0;
  while (done < bytes.length) {
    const { bytesRead } = await handle.read(bytes, done, bytes.length - done, from + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return bytes.subarray(0, done);
}

/**
 * Largest examples file a store reads: far beyond any bound (100,000 examples take about 15 MB),
 * and below what a Buffer or string can hold, so a huge file is refused before any read.
 */
const MAX_LOG_BYTES = 2 ** 30;

/** Examples files, their temporary copies and locks are readable by their user only: requests are personal. */
export const USER_ONLY_FILE = 0o600;
/** Folders the store creates are the user's only. */
export const USER_ONLY_FOLDER = 0o700;

/** The pid in `<file>.<pid>.<random>.tmp`, the name of a temporary copy of `file`; else undefined. */
function temporaryPid(file: string, name: string): number | undefined {
  if (!name.startsWith(`${file}.`) || !name.endsWith('.tmp')) return undefined;
  const [pid, random, ...rest] = name.slice(file.length + 1, -'.tmp'.length).split('.');
  if (rest.length > 0 || !/^\d+$/.test(pid ?? '') || !/^[0-9a-z]+$/.test(random ?? ''))
    return undefined;
  return Number(pid);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
};

/**
 * Removes the temporary copies of the file at `path` that a process killed mid-write or
 * mid-compaction left behind, so no copy of the requests outlives the crash that made it.
 */
export async function removeStaleTemporaries(path: string): Promise<void> {
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = temporaryPid(basename(path), name);
    if (pid === undefined || alive(pid)) continue;
    // A pid of another machine or container sharing the folder looks dead here: spare fresh files.
    const full = join(dirname(path), name);
    const info = await stat(full).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS)
      await rm(full, { force: true }).catch(() => undefined);
  }
}

/** Creates the file with its header in one step (link of a finished temporary file), unless it exists. */
async function createLog(path: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeNewFile(temporary, LOG_HEADER);
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Writes a new file and flushes it to disk, so a rename or link of it never exposes a partial one. */
async function writeNewFile(path: string, text: string | Buffer): Promise<void> {
  const handle = await open(path, 'wx', USER_ONLY_FILE);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function checkHeader(path: string, bytes: Buffer): 'ok' | 'empty' {
  const header = Buffer.from(LOG_HEADER);
  if (bytes.subarray(0, header.length).equals(header)) return 'ok';
  // Nothing, or the start of our header: a file created empty (`touch`) or cut short.
  if (bytes.length < header.length && header.subarray(0, bytes.length).equals(bytes))
    return 'empty';
  const firstLine = bytes.subarray(0, Math.min(bytes.length, 200)).toString('utf8').split('\n')[0]!;
  let version: unknown;
  try {
    const parsed = JSON.parse(firstLine) as { format?: unknown; version?: unknown };
    if (parsed?.format === LOG_FORMAT) version = parsed.version;
  } catch {
    // not JSON: not ours
  }
  const source = `examples file ${path}`;
  if (version === LOG_VERSION && firstLine.endsWith('\r')) {
    throw new CorruptDataError({
      source,
      message: `fileExampleStore(${path}): the file's lines end in CR LF (saved by a Windows editor?); convert them back to LF (e.g. dos2unix) or pass another path`,
    });
  }
  if (version !== undefined) {
    throw new CorruptDataError({
      source,
      message: `fileExampleStore(${path}): the file has format version ${String(version)}, this @shortlist/learn reads version ${LOG_VERSION}; upgrade @shortlist/learn, or pass another path`,
    });
  }
  throw new CorruptDataError({
    source,
    message: `fileExampleStore(${path}): the file is not a Shortlist examples file (its first line is not ${LOG_HEADER.trim()}); it was left untouched. Pass another path, or move that file away if it is not needed`,
  });
}

/**
 * Opens the examples file at `path`, creating it with its header when absent. A file that is
 * not ours throws `CorruptDataError` and is left as it was; an empty one gets its header, under
 * the lock so that two processes do not both write one.
 */
export async function openLog(path: string, lockPath: string): Promise<OpenedLog> {
  for (;;) {
    if ((await currentFileId(path)) === undefined) await createLog(path);
    let handle: FileHandle;
    try {
      handle = await open(path, constants.O_RDWR | constants.O_APPEND);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') continue; // removed meanwhile
      throw error;
    }
    try {
      const { size } = await handle.stat();
      if (size > MAX_LOG_BYTES) {
        throw new InvalidArgumentError({
          argument: 'fileExampleStore(path)',
          expected: `an examples file of at most ${MAX_LOG_BYTES / 2 ** 30} GiB`,
          message: `fileExampleStore(${path}): the file holds ${(size / 2 ** 30).toFixed(1)} GiB, more than the ${MAX_LOG_BYTES / 2 ** 30} GiB a store reads (a store keeps at most maxExamples, far less); it was not read. Move it away, or pass another path`,
        });
      }
      const bytes = await readFrom(handle, 0);
      if (checkHeader(path, bytes) === 'ok') {
        return { handle, id: fileId(await handle.stat({ bigint: true })), bytes };
      }
      const lock = await takeLock(lockPath, STALE_LOCK_MS);
      try {
        const again = await readFrom(handle, 0);
        if (checkHeader(path, again) === 'empty') {
          await handle.truncate(0);
          await handle.write(LOG_HEADER);
          await handle.sync();
        }
      } finally {
        await lock?.release();
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
  }
}
