import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CorruptDataError, type Tool, toTools } from '@shortlist/core';

/** The bundled sample catalogue, used when `--tools` is not given. */
export const sampleToolsPath: string = fileURLToPath(
  new URL('../data/sample-tools.json', import.meta.url),
);

/** The bundled sample queries that `shortlist demo` runs. */
export const sampleQueriesPath: string = fileURLToPath(
  new URL('../data/sample-queries.json', import.meta.url),
);

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new CorruptDataError({
      source: path,
      message: `the bundled sample data ${path} is missing or not JSON (${(error as Error).message}); reinstall @shortlist/cli or pass --tools FILE`,
      cause: error,
    });
  }
}

/** Loads the bundled sample catalogue. */
export async function sampleTools(): Promise<Tool[]> {
  return toTools(await readJson(sampleToolsPath));
}

/** Loads the bundled sample queries. */
export async function sampleQueries(): Promise<string[]> {
  const queries = await readJson(sampleQueriesPath);
  if (!Array.isArray(queries) || !queries.every((query) => typeof query === 'string')) {
    throw new CorruptDataError({
      source: sampleQueriesPath,
      message: `${sampleQueriesPath} must be a JSON array of query strings`,
    });
  }
  return queries;
}
