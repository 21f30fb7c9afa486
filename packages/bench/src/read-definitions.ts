import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError, type Tool, toTools } from '@shortlist/core';

/** Tool definitions read from disk for the tokenizer benchmark, and where they came from. */
export interface DefinitionSet {
  /** The path given, as the report names it. */
  readonly source: string;
  readonly tools: readonly Tool[];
}

const problem = (path: string, message: string, cause?: unknown): never => {
  throw new InvalidArgumentError({
    argument: '--definitions',
    expected: 'a tools.jsonl file, or a folder holding tools.jsonl files (as ../shared/benchmarks)',
    message: `shortlist-bench: --definitions ${path}: ${message}`,
    cause,
  });
};

/** `tools.jsonl` in `folder` itself and in each folder directly inside it, in name order. */
async function toolFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files: string[] = [];
  if (entries.some((entry) => entry.isFile() && entry.name === 'tools.jsonl')) {
    files.push(join(folder, 'tools.jsonl'));
  }
  for (const entry of entries
    .filter((e) => e.isDirectory())
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const inner = join(folder, entry.name, 'tools.jsonl');
    if (
      await stat(inner).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      files.push(inner);
  }
  return files;
}

/**
 * Reads tool definitions, one JSON object per line in any shape `toTools` accepts, from a
 * `tools.jsonl` file or a folder of benchmark folders: real descriptions tokenize unlike the
 * synthetic catalogue's made-up words, so tokenizer speed is worth measuring on both.
 */
export async function readDefinitions(path: string): Promise<DefinitionSet> {
  const info = await stat(path).catch((cause: unknown) => problem(path, 'not found', cause));
  const files = info.isDirectory() ? await toolFiles(path) : [path];
  if (files.length === 0) problem(path, 'no tools.jsonl in this folder or the folders inside it');
  const tools: Tool[] = [];
  for (const file of files) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let definition: unknown;
      try {
        definition = JSON.parse(line);
      } catch (cause) {
        problem(path, `${file} line ${i + 1} is not JSON`, cause);
      }
      try {
        // One at a time: benchmark files repeat names (bfcl), which a catalogue rejects but counting does not mind.
        tools.push(...toTools([definition]));
      } catch (cause) {
        problem(
          path,
          `${file} line ${i + 1}: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        );
      }
    });
  }
  if (tools.length === 0) problem(path, 'no definitions in its tools.jsonl');
  return { source: path, tools };
}
