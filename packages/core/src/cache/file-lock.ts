import { open, readFile, rm } from 'node:fs/promises';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** This machine's name; os is loaded on first use, not when core is imported. */
const hostname = (): string => process.getBuiltinModule('node:os').hostname();

/** A held lock file; `release` removes it. */
export interface FileLock {
  release(): Promise<void>;
}

/** Whether process `pid` on this machine is running (EPERM: running, someone else's). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** The owner a lock file names, or undefined when it names none (torn while created). */
async function ownerOf(lockPath: string): Promise<{ pid: number; host: string } | undefined> {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const [pid, host] = text.split('\n');
  const parsed = Number(pid);
  return Number.isSafeInteger(parsed) && parsed > 0 ? { pid: parsed, host: host ?? '' } : undefined;
}

/**
 * Takes `lockPath` for this store: one writer per cache file, since two appending or compacting
 * at once lose entries. A lock left by a process that is no longer running is taken over.
 */
export async function lockFile(lockPath: string, cachePath: string): Promise<FileLock> {
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(`${process.pid}\n${hostname()}\n`);
      await handle.close();
      return { release: () => rm(lockPath, { force: true }) };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const owner = await ownerOf(lockPath);
    const elsewhere = owner !== undefined && owner.host !== hostname();
    if (owner && (elsewhere || isRunning(owner.pid))) {
      const who =
        owner.pid === process.pid
          ? 'another fileStore in this process'
          : `process ${owner.pid}${elsewhere ? ` on ${owner.host}` : ''}`;
      throw new InvalidArgumentError({
        argument: 'fileStore(path)',
        expected: 'a cache file no other store is writing',
        message: `fileStore(${cachePath}): ${who} has this cache open (lock ${lockPath}); two writers would lose entries. Close the other store, give each process its own path, or delete the lock file if that process is gone`,
      });
    }
    // The owner is gone (or never finished writing the lock): take the lock over.
    await rm(lockPath, { force: true });
  }
}
