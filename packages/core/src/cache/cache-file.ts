import { type FileHandle, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import type { WarningHandler } from './embedding-store.js';
import {
  decodeRecord,
  encodeRecord,
  FILE_HEADER,
  FILE_MAGIC_LENGTH,
  findNextRecord,
} from './record-codec.js';

/** What a cache file held: its valid entries, and whether it must be rewritten. */
export interface CacheFileContent {
  readonly entries: Map<string, Float32Array>;
  /** True when the file should be rewritten (torn header, torn tail, corrupted records). */
  readonly rewrite: boolean;
}

/**
 * Reads a cache file, keeping every record whose checksum holds (a later record wins) and
 * skipping torn or corrupted bytes with a warning. A missing file is an empty cache; a file that
 * is not a cache at all throws `CorruptDataError` rather than being overwritten.
 */
export async function readCacheFile(
  path: string,
  onWarning: WarningHandler,
): Promise<CacheFileContent> {
  const entries = new Map<string, Float32Array>();
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { entries, rewrite: true };
    throw error;
  }
  const fail = (why: string): never => {
    throw new CorruptDataError({
      source: `embedding cache ${path}`,
      message: `embedding cache ${path} ${why}; point fileStore() at another path, or delete the file if it is a cache you no longer need`,
    });
  };
  const headerBytes = Math.min(bytes.length, FILE_HEADER.length);
  const magicBytes = Math.min(bytes.length, FILE_MAGIC_LENGTH);
  for (let i = 0; i < magicBytes; i++) {
    if (bytes[i] !== FILE_HEADER[i]) fail('is not a Shortlist embedding cache (unknown header)');
  }
  if (bytes.length < FILE_HEADER.length) return { entries, rewrite: true }; // torn while created
  if (bytes[FILE_MAGIC_LENGTH] !== FILE_HEADER[FILE_MAGIC_LENGTH]) {
    fail(
      `has format version ${bytes[FILE_MAGIC_LENGTH]}, this version reads ${FILE_HEADER[FILE_MAGIC_LENGTH]}`,
    );
  }

  let rewrite = false;
  let offset = headerBytes;
  while (offset < bytes.length) {
    const result = decodeRecord(bytes, offset);
    if (result.ok) {
      entries.delete(result.record.key);
      entries.set(result.record.key, result.record.vector);
      offset += result.length;
      continue;
    }
    rewrite = true;
    const next = findNextRecord(bytes, offset + 1);
    if (next === -1) {
      onWarning(
        `embedding cache ${path}: ignored ${bytes.length - offset} bytes at offset ${offset} (a ${
          result.torn ? 'torn' : 'corrupted'
        } last record); those texts will be embedded again`,
      );
      break;
    }
    onWarning(
      `embedding cache ${path}: ignored ${next - offset} corrupted bytes at offset ${offset} (a checksum did not match); those texts will be embedded again`,
    );
    offset = next;
  }
  return { entries, rewrite };
}

/**
 * Replaces the cache file in one step: writes every entry to a temporary file beside it,
 * flushes it, then renames it over the old file, so a crash leaves either the old or the new
 * file, never a mix. A temporary file left by a crash is never read.
 */
export async function writeCacheFileAtomically(
  path: string,
  entries: ReadonlyMap<string, Float32Array>,
  fsync: boolean,
): Promise<void> {
  // crypto is loaded here, on the first write, not when core is imported.
  const unique = process.getBuiltinModule('node:crypto').randomUUID();
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${unique}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    await writeAll(handle, FILE_HEADER);
    for (const [key, vector] of entries) await writeAll(handle, encodeRecord(key, vector));
    if (fsync) await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, path);
  if (fsync) await syncDirectory(dirname(path));
}

/** Writes every byte; `FileHandle.write` may write fewer than asked. */
export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
    written += bytesWritten;
  }
}

/** Makes a rename durable where the platform allows syncing a directory (not on Windows). */
async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // Best effort: some platforms cannot open or fsync a directory; the rename itself is atomic.
  } finally {
    await handle?.close();
  }
}
