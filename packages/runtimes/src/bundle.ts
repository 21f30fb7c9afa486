import { fileURLToPath } from 'node:url';
import { build, type Message } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Thrown when a bundle for the web cannot be built; carries esbuild's messages. */
export class BundleError extends Error {
  readonly errors: readonly Message[];
  constructor(what: string, errors: readonly Message[]) {
    super(`${what} does not bundle for the web:\n${errors.map((e) => e.text).join('\n')}`);
    this.name = 'BundleError';
    this.errors = errors;
  }
}

/**
 * Bundles `contents` (a module resolved from this package) as edge runtimes and browsers load
 * code: platform `browser`, so any `node:` import (or bare `fs`, `crypto`...) fails the build.
 */
async function bundleForWeb(what: string, contents: string, globalName?: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: here, sourcefile: 'bundle-entry.ts', loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    ...(globalName ? { globalName } : {}),
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).catch((error: { errors?: Message[] }) => {
    throw new BundleError(what, error.errors ?? [{ text: String(error) } as Message]);
  });
  return result.outputFiles[0]!.text;
}

/** The name the runtime bundle defines: `shortlistRuntime.runPicks(input)`. */
export const GLOBAL_NAME = 'shortlistRuntime';

/** `run-picks.ts` and everything it imports, as one classic script defining `GLOBAL_NAME`. */
export function bundleRunPicks(): Promise<string> {
  return bundleForWeb('run-picks', "export { runPicks } from './run-picks.js';", GLOBAL_NAME);
}

/** Bundles one package entry (`@shortlist/core`) for the web, whole. */
export function bundleEntry(specifier: string): Promise<string> {
  return bundleForWeb(specifier, `export * from '${specifier}';`);
}
