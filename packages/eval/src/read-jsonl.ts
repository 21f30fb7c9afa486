import type { DatasetProblem } from './dataset-error.js';

/** One parsed line of a JSON Lines file with its 1-based line number. */
export interface JsonLine {
  readonly line: number;
  readonly value: unknown;
}

/**
 * Parses JSON Lines text, skipping blank lines; malformed lines become problems rather than
 * stopping the parse, so every bad line is reported at once.
 */
export function parseJsonLines(text: string, file: string, problems: DatasetProblem[]): JsonLine[] {
  const lines: JsonLine[] = [];
  const raw = text.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const content = raw[i]!.trim();
    if (content === '') continue;
    try {
      lines.push({ line: i + 1, value: JSON.parse(content) });
    } catch (error) {
      problems.push({
        file,
        line: i + 1,
        message: `malformed JSON (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }
  return lines;
}
