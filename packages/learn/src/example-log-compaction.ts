import { constants } from 'node:fs';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ToolExample } from '@shortlist/core';
import { fileId, readFrom, USER_ONLY_FILE } from './example-log-file.js';
import { encodeRecord, LOG_HEADER } from './example-log-format.js';

/** The file a compaction left at the path, open for appends, and where its copied part ends. */
export interface RewrittenLog {
  readonly handle: FileHandle;
  readonly id: string;
  /** Bytes of the header and the live examples: what was read of the old file up to `from`. */
  readonly liveEnd: number;
}

/** Flushes a directory entry change (a rename) to disk where the platform allows it. */
async function syncDirectory(path: string): Promise<void> {
  const directory = await open(dirname(path), 'r').catch(() => undefined);
  await directory?.sync().catch(() => undefined);
  await directory?.close();
}

/**
 * Replaces the file at `path` by one holding only `live` (the examples its first `from` bytes
 * leave): written to a temporary file beside it, flushed, renamed over. Then the lines other
 * processes appended to the old file after `from` are copied to the new one, followed by a mark
 * of how far the copy went, so a process that appended to the old file can tell whether its
 * lines made it. The caller holds the lock, so no other compaction runs meanwhile.
 */
export async function rewriteLog(
  path: string,
  old: { readonly handle: FileHandle; readonly id: string },
  from: number,
  live: Iterable<ToolExample>,
): Promise<RewrittenLog> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const handle = await open(
    temporary,
    constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_EXCL,
    USER_ONLY_FILE,
  );
  try {
    let text = LOG_HEADER;
    for (const example of live) text += encodeRecord({ add: example });
    const bytes = Buffer.from(text);
    await handle.write(bytes);
    await handle.sync();
    await rename(temporary, path);
    await syncDirectory(path);
    const tail = await readFrom(old.handle, from);
    const whole = tail.subarray(0, tail.lastIndexOf(0x0a) + 1);
    const mark = encodeRecord({ compacted: { file: old.id, copied: from + whole.length } });
    await handle.write(Buffer.concat([whole, Buffer.from(mark)]));
    await handle.sync();
    return { handle, id: fileId(await handle.stat({ bigint: true })), liveEnd: bytes.length };
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
}
