import { hasErrorCode, ShortlistError } from './shortlist-error.js';

/** A plugin threw something that was not a Shortlist error; wraps it with the plugin's id. */
export class PluginError extends ShortlistError {
  readonly pluginId: string;

  constructor(options: { pluginId: string; message: string; cause?: unknown }) {
    super('plugin-failed', options.message, { cause: options.cause });
    this.name = 'PluginError';
    this.pluginId = options.pluginId;
  }

  static override isInstance(value: unknown): value is PluginError {
    return hasErrorCode(value, 'plugin-failed');
  }
}
