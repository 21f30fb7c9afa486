import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { CorruptDataError } from '@shortlist/core';

/** What one upstream's sign-in keeps on disk; every field but `url` is a secret or may hold one. */
export interface StoredSignIn {
  /** The upstream's URL the tokens were issued for: they are never sent anywhere else. */
  readonly url: string;
  readonly clientInformation?: OAuthClientInformationMixed;
  readonly tokens?: OAuthTokens;
  /** When the access token expires, in ms since the epoch (from `expires_in` when saved). */
  readonly expiresAt?: number;
  /** When the access token was saved, in ms since the epoch, to know its lifetime. */
  readonly savedAt?: number;
  readonly discovery?: OAuthDiscoveryState;
}

/** One upstream's sign-in file: read, replace some fields, forget. */
export interface SignInStore {
  /** The file, for the README's "where tokens live" and for tests; its name holds no secret. */
  readonly path: string;
  read(): Promise<StoredSignIn | undefined>;
  update(change: (stored: StoredSignIn) => StoredSignIn): Promise<void>;
  remove(): Promise<void>;
}

/**
 * The file of one upstream, named by its server name and a hash of name and URL, so a changed
 * URL never receives tokens issued for the old one.
 */
export function signInStore(directory: string, server: string, url: URL): SignInStore {
  const digest = createHash('sha256').update(`${server}\n${url.href}`).digest('hex').slice(0, 16);
  const safe = server.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);
  const path = join(directory, `${safe}-${digest}.json`);
  const read = async (): Promise<StoredSignIn | undefined> => {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch {
      // The text holds tokens: never quote it.
      throw new CorruptDataError({
        source: path,
        message: `the sign-in file ${path} is not valid JSON; run \`shortlist mcp logout ${server}\` and sign in again`,
      });
    }
    const record = stored as StoredSignIn | null;
    return record && typeof record === 'object' && record.url === url.href ? record : undefined;
  };
  /** Writes run one at a time, so two saves in a row never lose one another's fields. */
  let writing: Promise<void> = Promise.resolve();
  const write = async (change: (stored: StoredSignIn) => StoredSignIn) => {
    // User-only: the folder 0700, the file 0600, written whole and renamed into place.
    await mkdir(directory, { recursive: true, mode: 0o700 });
    await chmod(directory, 0o700);
    const next = change((await read()) ?? { url: url.href });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify({ ...next, url: url.href }), { mode: 0o600 });
    await rename(temporary, path);
  };
  return {
    path,
    read,
    update(change) {
      const done = writing.then(() => write(change));
      writing = done.catch(() => undefined);
      return done;
    },
    remove() {
      const done = writing.then(() => rm(path, { force: true }));
      writing = done.catch(() => undefined);
      return done;
    },
  };
}
