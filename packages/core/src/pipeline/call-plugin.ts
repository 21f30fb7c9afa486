import { PluginError } from '../errors/plugin-error.js';
import { ShortlistError } from '../errors/shortlist-error.js';
import { isAbortError } from '../util/abort.js';

/**
 * Runs a plugin call, letting Shortlist errors and aborts through and wrapping anything else in
 * a `PluginError` that names the plugin, so a user knows which package misbehaved.
 */
export async function callPlugin<T>(
  pluginId: string,
  what: string,
  call: () => T | PromiseLike<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (ShortlistError.isInstance(error) || isAbortError(error, signal)) throw error;
    throw new PluginError({
      pluginId,
      message: `${pluginId} failed to ${what}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}
