import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { pathFailure } from '../util/path-failure.js';
import type { SnapshotStore } from './snapshot-store.js';

export interface FileSnapshotStoreOptions {
  /** Flush each snapshot to disk (`fsync`) before `set` resolves. @default true */
  readonly fsync?: boolean;
}

/** A snapshot store in a directory; says where. */
export interface FileSnapshotStore extends SnapshotStore {
  readonly directory: string;
  close(): Promise<void>;
}

/** node:crypto, loaded when first needed rather than when core is imported (a CLI start). */
const crypto = () => process.getBuiltinModule('node:crypto');

/** Longest file name kept readable; longer keys are named by their SHA-256 instead. */
const MAX_NAME = 200;

/**
 * The file name of `key`: letters, digits, `_` and `-` kept, every other UTF-8 byte as `%XX`
 * (so no key can name a path elsewhere, and two keys never share a file), or `~` and the key's
 * SHA-256 when that is too long for a file system.
 */
export function snapshotFileName(key: string): string {
  let name = '';
  for (const byte of new TextEncoder().encode(key)) {
    const c = String.fromCharCode(byte);
    name += /[A-Za-z0-9_-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (name.length > MAX_NAME) name = `~${crypto().createHash('sha256').update(key).digest('hex')}`;
  return `${name}.snapshot`;
}

/**
 * A `SnapshotStore` of one file per key in `directory` (created on first write). Each snapshot is
 * written to a temporary file and renamed into place, so a reader sees the old or the new one,
 * never a torn one; the container's checksum catches any later damage on decode.
 */
export function fileSnapshotStore(
  directory: string,
  options: FileSnapshotStoreOptions = {},
): FileSnapshotStore {
  if (typeof directory !== 'string' || directory === '') {
    throw new InvalidArgumentError({
      argument: 'fileSnapshotStore(directory)',
      expected: 'a directory path',
      message:
        'fileSnapshotStore(directory): pass the directory to keep snapshots in, e.g. fileSnapshotStore(".cache/snapshots")',
    });
  }
  const { fsync = true } = options;
  let closed = false;
  const context = {
    argument: 'fileSnapshotStore(path)',
    expected: 'a directory this process can read and write',
    advice: 'pass the directory to keep snapshots in, e.g. fileSnapshotStore(".cache/snapshots")',
  };
  const checkOpen = () => {
    if (!closed) return;
    throw new InvalidArgumentError({
      argument: 'fileSnapshotStore',
      expected: 'an open store',
      message: `fileSnapshotStore(${directory}) was closed; create a new fileSnapshotStore to use it again`,
    });
  };
  const checkKey = (key: unknown, call: string): string => {
    if (typeof key === 'string') return key;
    throw new InvalidArgumentError({
      argument: `fileSnapshotStore.${call}(key)`,
      expected: 'a string',
      message: `fileSnapshotStore.${call}(key): expected a string key, got ${typeof key}`,
    });
  };
  return {
    directory,
    async get(key) {
      checkOpen();
      const path = join(directory, snapshotFileName(checkKey(key, 'get')));
      try {
        const bytes = await readFile(path);
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
        throw pathFailure(directory, error, context);
      }
    },
    async set(key, snapshot) {
      checkOpen();
      const path = join(directory, snapshotFileName(checkKey(key, 'set')));
      if (!(snapshot instanceof Uint8Array)) {
        throw new InvalidArgumentError({
          argument: 'fileSnapshotStore.set(snapshot)',
          expected: 'a Uint8Array',
          message: 'fileSnapshotStore.set(key, snapshot): pass the bytes of encodePickerSnapshot()',
        });
      }
      const temporary = join(directory, `.${process.pid}.${crypto().randomUUID()}.tmp`);
      try {
        await mkdir(directory, { recursive: true });
        const handle = await open(temporary, 'w');
        try {
          await handle.writeFile(snapshot);
          if (fsync) await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw pathFailure(directory, error, context);
      }
    },
    async close() {
      closed = true;
    },
  };
}
