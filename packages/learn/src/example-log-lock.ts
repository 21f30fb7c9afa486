import { open, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** A held lock file; `release` removes it. */
export interface LogLock {
  release(): Promise<void>;
}

/** How long a lock may be held before others take it over, whoever holds it. */
export const STALE_LOCK_MS = 30_000;
/** Age at which a lock file that names no owner is taken for torn. */
const TORN_LOCK_MS = 1000;
/** Pause between attempts to take a held lock. */
const RETRY_MS = 15;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM'; // running, someone else's
  }
}

/** The lock file's text when it is stale (its process gone, or older than `staleMs`), else undefined. */
async function staleText(lockPath: string, staleMs: number): Promise<string | undefined> {
  const text = await readFile(lockPath, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined; // released meanwhile: just try again
  const [pid, host, since] = text.split('\n');
  const owner = Number(pid);
  const taken = Number(since);
  if (!Number.isSafeInteger(owner) || !Number.isFinite(taken)) {
    // Being written, or torn while created: stale once its file is a second old.
    const modified = await stat(lockPath).then(
      (info) => info.mtimeMs,
      () => 0,
    );
    return Date.now() - modified > TORN_LOCK_MS ? text : undefined;
  }
  if (Date.now() - taken > staleMs) return text;
  if (host === hostname() && !isRunning(owner)) return text;
  return undefined;
}

/**
 * Takes `lockPath` (created with `O_EXCL`, so one holder at a time), waiting up to `waitMs`;
 * resolves to undefined when it stays held. A lock whose process is gone (same host) or that is
 * older than `staleMs` is taken over: the text is read again just before removal, so a lock
 * that changed hands meanwhile is left alone.
 */
export async function takeLock(
  lockPath: string,
  waitMs: number,
  staleMs: number = STALE_LOCK_MS,
): Promise<LogLock | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}\n${hostname()}\n${Date.now()}\n`);
      } finally {
        await handle.close();
      }
      return { release: () => rm(lockPath, { force: true }) };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
    const stale = await staleText(lockPath, staleMs);
    if (stale !== undefined && (await readFile(lockPath, 'utf8').catch(() => '')) === stale) {
      await rm(lockPath, { force: true });
      continue;
    }
    if (Date.now() >= deadline) return undefined;
    await sleep(RETRY_MS);
  }
}

/** Whether `lockPath` is held by a live owner (waiting for a compaction to finish). */
export async function lockHeld(
  lockPath: string,
  staleMs: number = STALE_LOCK_MS,
): Promise<boolean> {
  const text = await readFile(lockPath, 'utf8').catch(() => undefined);
  if (text === undefined) return false;
  return (await staleText(lockPath, staleMs)) === undefined;
}
