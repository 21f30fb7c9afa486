import { PluginError } from '../errors/plugin-error.js';
import { ShortlistError } from '../errors/shortlist-error.js';
import { isAbortError } from '../util/abort.js';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Runs a plugin call, letting Shortlist errors and aborts through and wrapping anything else in
 * a `PluginError` that names the plugin, so a user knows which package misbehaved. A plugin that
 * answers synchronously is answered synchronously: the hot path pays no extra promise.
 */
export function callPlugin<T>(
  pluginId: string,
  what: string,
  call: () => T | PromiseLike<T>,
  signal?: AbortSignal,
): T | Promise<T> {
  const wrap = (error: unknown): never => {
    if (ShortlistError.isInstance(error) || isAbortError(error, signal)) throw error;
    throw new PluginError({
      pluginId,
      message: `${pluginId} failed to ${what}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  };
  try {
    const result = call();
    return isThenable(result) ? Promise.resolve(result).then(undefined, wrap) : result;
  } catch (error) {
    return wrap(error);
  }
}
