import { homedir } from 'node:os';
import { join } from 'node:path';

/** The file in the cache directory where the gateway keeps what calls taught it. */
export const defaultExamplesFile = 'examples.jsonl';

/** Where the gateway keeps picker snapshots and what it learns unless told otherwise: the user's cache directory. */
export function defaultCacheDirectory(): string {
  if (process.env.XDG_CACHE_HOME) return join(process.env.XDG_CACHE_HOME, 'shortlist', 'mcp');
  if (process.platform === 'darwin')
    return join(homedir(), 'Library', 'Caches', 'shortlist', 'mcp');
  if (process.platform === 'win32' && process.env.LOCALAPPDATA) {
    return join(process.env.LOCALAPPDATA, 'shortlist', 'mcp');
  }
  return join(homedir(), '.cache', 'shortlist', 'mcp');
}
