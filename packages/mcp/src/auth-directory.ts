import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where upstream sign-ins are kept unless told otherwise: beside the gateway's config, in the
 * user's config directory (`$XDG_CONFIG_HOME/shortlist/auth`, else `~/.config/shortlist/auth`).
 */
export function defaultAuthDirectory(): string {
  if (process.env.XDG_CONFIG_HOME) return join(process.env.XDG_CONFIG_HOME, 'shortlist', 'auth');
  if (process.platform === 'win32' && process.env.APPDATA) {
    return join(process.env.APPDATA, 'shortlist', 'auth');
  }
  return join(homedir(), '.config', 'shortlist', 'auth');
}
