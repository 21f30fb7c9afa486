import { PluginError } from '@shortlist/core';

/** The part of `@huggingface/transformers` this package calls. */
export type TransformersModule = typeof import('@huggingface/transformers');

/**
 * Imports the optional peer `@huggingface/transformers` (here, so it resolves from this
 * package), turning "not installed" into an error that says what to install.
 */
export async function loadTransformers(pluginId: string): Promise<TransformersModule> {
  try {
    return await import('@huggingface/transformers');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    throw new PluginError({
      pluginId,
      message: missing
        ? `${pluginId} needs the optional package "@huggingface/transformers", which is not installed; run \`npm install @huggingface/transformers\``
        : `${pluginId} could not load "@huggingface/transformers": ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}
