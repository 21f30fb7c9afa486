import { PluginError } from '@shortlist/core';

/** The package a specifier imports from: `gpt-tokenizer/encoding/o200k_base` → `gpt-tokenizer`. */
function packageOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/**
 * Imports an optional peer dependency (or a subpath of one), turning "not installed" into a typed
 * error that names the package to install; any other failure is wrapped with its cause. The
 * specifier is hidden from bundlers, so a browser or edge bundle never pulls the package in.
 */
export async function importOptional<Module>(
  specifier: string,
  neededBy: string,
  alternative?: string,
): Promise<Module> {
  const name = packageOf(specifier);
  try {
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as Module;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      String((error as Error).message).includes(name);
    throw new PluginError({
      pluginId: neededBy,
      message: missing
        ? `${neededBy} needs the optional package "${name}", which is not installed; run \`npm install ${name}\`${alternative ? `, or ${alternative}` : ''}`
        : `${neededBy} could not load "${specifier}": ${String(error instanceof Error ? error.message : error).replace(/\.+$/, '')}. In a browser or edge bundle, import it yourself and pass budget() a { encoding, count } counter (see @shortlist/budget's README)`,
      cause: error,
    });
  }
}
