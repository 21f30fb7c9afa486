import { PluginError } from '@shortlist/core';

/**
 * Imports an optional peer dependency, turning "not installed" into a typed error that names
 * the package to install; any other failure is wrapped with its cause.
 */
export async function importOptional<Module>(
  specifier: string,
  neededBy: string,
  alternative?: string,
): Promise<Module> {
  try {
    return (await import(specifier)) as Module;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      String((error as Error).message).includes(specifier);
    throw new PluginError({
      pluginId: neededBy,
      message: missing
        ? `${neededBy} needs the optional package "${specifier}", which is not installed; run \`npm install ${specifier}\`${alternative ? `, or ${alternative}` : ''}`
        : `${neededBy} could not load "${specifier}": ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}
