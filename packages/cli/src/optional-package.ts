import { PluginError } from '@shortlist/core';

/** Packages the command line loads only for the flag or command that needs them (optional peers). */
export type OptionalPackage =
  | '@shortlist/bench'
  | '@shortlist/embed-hf'
  | '@shortlist/embed-openai'
  | '@shortlist/mcp'
  | '@shortlist/redis';

const isMissing = (error: unknown, name: string): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    String((error as Error).message).includes(`'${name}'`)
  );
};

/**
 * Loads an optional peer with `load` (a literal `import()`), so `select` needs none of them
 * installed; "not installed" becomes a `PluginError` naming the package and what needed it.
 * A package that is installed but fails to load rethrows as it failed.
 */
export async function loadOptional<Module>(
  name: OptionalPackage,
  neededBy: string,
  load: () => Promise<Module>,
): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    throw new PluginError({
      pluginId: neededBy,
      message: `${neededBy} needs the package "${name}", which is not installed; install it beside @shortlist/cli: \`npm install ${name}\``,
      cause: error,
    });
  }
}
