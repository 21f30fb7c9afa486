import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readReferenceFigures } from './reference-figures.js';

it('reads the reference table and ignores the other tables of the README', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'shortlist-reference-'));
  try {
    await writeFile(
      join(dir, 'README.md'),
      [
        '| folder | source | tools |',
        '|---|---|---|',
        '| bfcl | BFCL | 2,724 |',
        '',
        '## Reference',
        '| folder | hit@1 | recall@5 | nDCG@10 | MRR |',
        '|---|---|---|---|---|',
        '| bfcl | 42.74 | 65.44 | 58.10 | 53.86 |',
        '| metatool | 28.66 | 45.95 | 40.44 | 37.49 |',
      ].join('\n'),
    );
    const figures = await readReferenceFigures(dir);
    expect([...figures.keys()]).toEqual(['bfcl', 'metatool']);
    expect(figures.get('bfcl')).toEqual({
      'hit@1': 42.74,
      'recall@5': 65.44,
      'ndcg@10': 58.1,
      mrr: 53.86,
    });
    expect((await readReferenceFigures(join(dir, 'missing'))).size).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
