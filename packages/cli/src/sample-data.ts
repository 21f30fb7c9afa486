import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { CorruptDataError, type Tool, toTools } from '@shortlist/core';

/** The bundled sample catalogue, used when `--tools` is not given. */
export const sampleToolsPath: string = fileURLToPath(
  new URL('../data/sample-tools.json', import.meta.url),
);

/** The bundled sample queries that `shortlist demo` runs. */
const sampleQueriesPath: string = fileURLToPath(
  new URL('../data/sample-queries.json', import.meta.url),
);

function readBundled(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new CorruptDataError({
      source: path,
      message: `the bundled sample data ${path} cannot be read (${(error as Error).message}); reinstall @shortlist/cli or pass --tools FILE`,
      cause: error,
    });
  }
}

function parseBundled(path: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new CorruptDataError({
      source: path,
      message: `the bundled sample data ${path} is not JSON (${(error as Error).message}); reinstall @shortlist/cli or pass --tools FILE`,
      cause: error,
    });
  }
}

/** Names the bytes of a sample catalogue file: its length and CRC-32. */
export function catalogueFingerprint(bytes: Uint8Array): string {
  return `${bytes.length}:${crc32(bytes)}`;
}

/** Each catalogue `sampleTools` returned, by the fingerprint of the file it was read from. */
const fingerprints = new WeakMap<readonly Tool[], string>();

/**
 * The fingerprint of the bundled file `tools` came from, when `tools` is what `sampleTools`
 * returned; the build's caches apply to that file and to nothing else.
 */
export function sampleFingerprint(tools: readonly Tool[]): string | undefined {
  return fingerprints.get(tools);
}

/** Loads the bundled sample catalogue. */
export async function sampleTools(): Promise<Tool[]> {
  const bytes = readBundled(sampleToolsPath);
  const tools = toTools(parseBundled(sampleToolsPath, bytes));
  fingerprints.set(tools, catalogueFingerprint(bytes));
  return tools;
}

/** Loads the bundled sample queries. */
export async function sampleQueries(): Promise<string[]> {
  const queries = parseBundled(sampleQueriesPath, readBundled(sampleQueriesPath));
  if (!Array.isArray(queries) || !queries.every((query) => typeof query === 'string')) {
    throw new CorruptDataError({
      source: sampleQueriesPath,
      message: `${sampleQueriesPath} must be a JSON array of query strings`,
    });
  }
  return queries;
}
