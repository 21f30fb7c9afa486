import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { InvalidArgumentError, type Tool, toTools } from '@shortlist/core';
import type { Dataset, DatasetQuery } from './dataset.js';
import { DatasetError, type DatasetProblem } from './dataset-error.js';
import { queryGroup } from './query-group.js';
import { type JsonLine, parseJsonLines } from './read-jsonl.js';
import { sampleById } from './sample-queries.js';

/** Options of `loadDataset`. */
export interface LoadDatasetOptions {
  /** Keep only queries of this split (`train`, `test`); the dataset must carry splits. */
  readonly split?: string;
  /** Keep this many queries, picked by a seeded hash of their id (stable across runs). */
  readonly sample?: number;
  /** Seed of the sampling hash. @default 0 */
  readonly seed?: number;
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

async function readText(dir: string, file: string): Promise<string> {
  try {
    return await readFile(join(dir, file), 'utf8');
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'loadDataset(dir)',
      expected: 'a folder holding tools.jsonl and queries.jsonl',
      message: `cannot read ${join(dir, file)} (${(error as NodeJS.ErrnoException).code ?? String(error)}); a dataset folder needs tools.jsonl and queries.jsonl`,
      cause: error,
    });
  }
}

/** A JSON object with a non-empty string id, with the reporter of a problem on its line. */
interface IdentifiedRow {
  readonly line: number;
  readonly value: Row & { readonly id: string };
  readonly problem: (message: string) => void;
}

/** The lines that hold a JSON object with a non-empty string id; every other line is a problem. */
function* identifiedRows(
  lines: JsonLine[],
  file: string,
  problems: DatasetProblem[],
): Generator<IdentifiedRow> {
  for (const { line, value } of lines) {
    const problem = (message: string) => problems.push({ file, line, message });
    if (!isRow(value)) {
      problem('expected a JSON object');
      continue;
    }
    if (typeof value.id !== 'string' || value.id === '') {
      problem('"id" must be a non-empty string');
      continue;
    }
    yield { line, value: value as Row & { id: string }, problem };
  }
}

function readTools(lines: JsonLine[], file: string, problems: DatasetProblem[]): Row[] {
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  for (const { line, value, problem } of identifiedRows(lines, file, problems)) {
    if (value.description !== undefined && typeof value.description !== 'string') {
      problem(`tool "${value.id}": "description" must be a string`);
      continue;
    }
    if (
      value.title !== undefined &&
      (typeof value.title !== 'string' || value.title.trim() === '')
    ) {
      problem(
        `tool "${value.id}": "title" must be a non-empty string (an MCP tool's title) or absent`,
      );
      continue;
    }
    if (value.parameters !== undefined && !isRow(value.parameters)) {
      problem(`tool "${value.id}": "parameters" must be a JSON Schema object or {}`);
      continue;
    }
    const first = seen.get(value.id);
    if (first !== undefined) {
      problem(`duplicate tool id "${value.id}" (first on line ${first})`);
      continue;
    }
    seen.set(value.id, line);
    rows.push(value);
  }
  return rows;
}

function readQueries(
  lines: JsonLine[],
  file: string,
  pool: ReadonlySet<string>,
  problems: DatasetProblem[],
): DatasetQuery[] {
  const queries: DatasetQuery[] = [];
  const seen = new Map<string, number>();
  for (const { line, value, problem } of identifiedRows(lines, file, problems)) {
    const { id, query, relevant } = value;
    if (typeof query !== 'string') {
      problem(`query "${id}": "query" must be a string`);
      continue;
    }
    if (!isStringArray(relevant) || relevant.length === 0) {
      problem(`query "${id}": "relevant" must be a non-empty array of tool ids`);
      continue;
    }
    const anyVariant = value.relevant_any_variant;
    if (anyVariant !== undefined && !isStringArray(anyVariant)) {
      problem(`query "${id}": "relevant_any_variant" must be an array of tool ids`);
      continue;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      problem(`duplicate query id "${id}" (first on line ${first})`);
      continue;
    }
    seen.set(id, line);
    const missing = [...relevant, ...(anyVariant ?? [])].filter((name) => !pool.has(name));
    if (missing.length > 0) {
      const names = [...new Set(missing)].map((name) => `"${name}"`).join(', ');
      problem(`query "${id}": relevant ${names} not in tools.jsonl`);
      continue;
    }
    const split = typeof value.split === 'string' ? value.split : undefined;
    const group = typeof value.group === 'string' ? value.group : queryGroup(id);
    queries.push({
      id,
      query,
      relevant: [...new Set(relevant)],
      ...(anyVariant === undefined ? {} : { relevantAnyVariant: [...new Set(anyVariant)] }),
      ...(split === undefined ? {} : { split }),
      group,
    });
  }
  return queries;
}

/** A row's `title` (an MCP tool's human title) when given, else its original `name` when that differs from the id. */
function titleOf(row: Row): { title?: string } {
  if (typeof row.title === 'string') return { title: row.title };
  return typeof row.name === 'string' && row.name !== row.id ? { title: row.name } : {};
}

function toCanonical(rows: Row[]): Tool[] {
  return toTools(
    rows.map((row) => ({
      name: row.id,
      ...titleOf(row),
      description: row.description ?? '',
      parameters: row.parameters ?? {},
      ...(row.meta === undefined ? {} : { meta: row.meta }),
    })),
  );
}

function pickSplit(queries: DatasetQuery[], split: string, source: string): DatasetQuery[] {
  const kept = queries.filter((query) => query.split === split);
  if (kept.length === 0) {
    const splits = [...new Set(queries.flatMap((query) => query.split ?? []))].sort();
    throw new InvalidArgumentError({
      argument: 'split',
      expected: splits.length ? splits.join(' or ') : 'no split: this dataset is not split',
      message: splits.length
        ? `dataset ${source} has no query in split "${split}"; its splits are ${splits.join(', ')}`
        : `dataset ${source} carries no splits; leave split out to use every query`,
    });
  }
  return kept;
}

/**
 * Reads a dataset folder (`tools.jsonl`, `queries.jsonl`, the format of the shared benchmarks),
 * validates all of it and returns canonical tools and queries. Throws one `DatasetError` that
 * lists every malformed line, duplicate id and relevant id missing from the pool.
 */
export async function loadDataset(dir: string, options: LoadDatasetOptions = {}): Promise<Dataset> {
  const root = resolve(dir);
  const name = basename(root);
  // Both reads run at once, but a failure is reported in file order, never whichever lost a race.
  const [toolsRead, queriesRead] = await Promise.allSettled([
    readText(root, 'tools.jsonl'),
    readText(root, 'queries.jsonl'),
  ]);
  if (toolsRead.status === 'rejected') throw toolsRead.reason;
  if (queriesRead.status === 'rejected') throw queriesRead.reason;
  const [toolsText, queriesText] = [toolsRead.value, queriesRead.value];
  const toolsFile = `${name}/tools.jsonl`;
  const queriesFile = `${name}/queries.jsonl`;
  const problems: DatasetProblem[] = [];
  const rows = readTools(parseJsonLines(toolsText, toolsFile, problems), toolsFile, problems);
  const pool = new Set(rows.map((row) => row.id as string));
  let queries = readQueries(
    parseJsonLines(queriesText, queriesFile, problems),
    queriesFile,
    pool,
    problems,
  );
  if (problems.length > 0) throw new DatasetError(root, problems);
  if (queries.length === 0) {
    throw new DatasetError(root, [{ file: queriesFile, line: 1, message: 'no queries' }]);
  }
  if (options.split !== undefined) queries = pickSplit(queries, options.split, name);
  if (options.sample !== undefined) queries = sampleById(queries, options.sample, options.seed);
  return { name, tools: toCanonical(rows), queries };
}
