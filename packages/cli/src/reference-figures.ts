import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Plain-BM25 reference figures for one benchmark folder, in percent, as its README states them. */
export interface ReferenceFigures {
  readonly 'hit@1'?: number;
  readonly 'recall@5'?: number;
  readonly 'ndcg@10'?: number;
  readonly mrr?: number;
}

const columns: Readonly<Record<string, keyof ReferenceFigures>> = {
  'hit@1': 'hit@1',
  'p@1': 'hit@1',
  'recall@5': 'recall@5',
  'r@5': 'recall@5',
  'ndcg@10': 'ndcg@10',
  mrr: 'mrr',
};

/**
 * Reads the "plain BM25" reference table of the benchmarks README (`| folder | hit@1 | ... |`),
 * so the report quotes the published floor rather than a copy of it. Missing file: empty map.
 */
export async function readReferenceFigures(dir: string): Promise<Map<string, ReferenceFigures>> {
  const figures = new Map<string, ReferenceFigures>();
  let text: string;
  try {
    text = await readFile(join(dir, 'README.md'), 'utf8');
  } catch {
    return figures;
  }
  let header: (keyof ReferenceFigures | undefined)[] | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      header = undefined;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells[0]?.toLowerCase() === 'folder' && cells.some((cell) => /ndcg/i.test(cell))) {
      header = cells.map((cell) => columns[cell.toLowerCase()]);
      continue;
    }
    if (!header || /^-+$/.test(cells[0] ?? '')) continue;
    const row: Record<string, number> = {};
    cells.forEach((cell, j) => {
      const key = header?.[j];
      const value = Number(cell);
      if (key && cell !== '' && Number.isFinite(value)) row[key] = value;
    });
    if (cells[0] && Object.keys(row).length > 0) figures.set(cells[0], row);
  }
  return figures;
}
