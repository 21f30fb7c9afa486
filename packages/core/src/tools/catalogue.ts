import { convertTools } from './to-tools.js';
import type { Tool } from './tool.js';

/** Catalogues made by `toCatalogue`, with their name maps: frozen, so a map never goes stale. */
const catalogues = new WeakMap<readonly Tool[], ReadonlyMap<string, Tool>>();

/**
 * Like `toTools`, but returns the catalogue frozen, and pipelines take a frozen catalogue as it
 * is, without converting and checking every tool again: convert once with this when the same
 * tools go to several pipelines, or to `index` and `restore` in a process that has just started.
 */
export function toCatalogue<Original = unknown>(input: unknown): readonly Tool<Original>[] {
  if (catalogues.has(input as readonly Tool[])) return input as readonly Tool<Original>[];
  const { tools, byName } = convertTools(input);
  Object.freeze(tools);
  catalogues.set(tools, byName);
  return tools as readonly Tool<Original>[];
}

/** The name map of a catalogue from `toCatalogue`, or `undefined` for any other input. */
export function catalogueNames<Original>(
  input: unknown,
): ReadonlyMap<string, Tool<Original>> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  return catalogues.get(input as readonly Tool[]) as
    | ReadonlyMap<string, Tool<Original>>
    | undefined;
}
