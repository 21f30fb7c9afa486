import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { englishStopwords } from '@shortlist/core/kit';

// The 10,000-tool catalogue of the latency table: the benchmark catalogue plus hostile tools.
const root =
  process.env.SHORTLIST_BENCHMARKS ??
  fileURLToPath(new URL('../../../../../shared/benchmarks/', import.meta.url));
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const folders = ['bfcl', 'metatool', 'sealtools'];

/** The benchmark tools (6,999). */
export const benchmarkTools = folders.flatMap((folder) =>
  lines(`${root}/${folder}/tools.jsonl`).map((entry) => ({
    name: `${folder}:${String(entry.id)}`,
    description: String(entry.description ?? ''),
    parameters: entry.parameters,
  })),
);

/** The first 100 queries of each benchmark, with the tool each wants (for intent's examples). */
export const benchmarkQueries = folders.flatMap((folder) =>
  lines(`${root}/${folder}/queries.jsonl`)
    .slice(0, 100)
    .map((entry) => String(entry.query)),
);

/** A distinct lowercase word for each `i`. */
const word = (i: number): string => {
  let text = '';
  for (let n = i + 702; n > 0; n = Math.floor(n / 26)) text += String.fromCharCode(97 + (n % 26));
  return text;
};

/**
 * Hostile tools, each kind in turn: long runs, CJK, punctuation, 2,000 parameters, blanks; each
 * named with 40 characters, the length that made backtracking scope globs take seconds.
 */
const hostileTool = (i: number) => {
  const kinds = [
    () => ({ description: `search files ${'x'.repeat(20_000 + (i % 7) * 10_000)}` }),
    () => ({ description: `weather ${'的一是不了人我在有他这'.repeat(300)}` }),
    () => ({ description: `send ${'-!'.repeat(5_000)} email` }),
    () => ({
      description: 'many parameters',
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 2_000 }, (_, j) => [`${word(i * 2_000 + j)}`, { type: 'string' }]),
        ),
      },
    }),
    () => ({ description: `get the ${word(i)} ${' '.repeat(50_000)} report` }),
  ];
  return { name: `hostile_${i}_`.padEnd(40, 'a'), ...kinds[i % kinds.length]!() };
};

/** 10,000 tools: the benchmark's and hostile ones. */
export const catalogue = [
  ...benchmarkTools,
  ...Array.from({ length: 10_000 - benchmarkTools.length }, (_, i) => hostileTool(i)),
];

/**
 * The 256 words (stopwords aside) in most benchmark tool descriptions: each ranker's worst
 * case, since every one matches thousands of tools and none can be pruned early.
 */
export const commonWords: string = (() => {
  const frequency = new Map<string, number>();
  for (const tool of benchmarkTools) {
    const words = new Set(tool.description.toLowerCase().match(/[a-z]{3,}/g) ?? []);
    for (const w of words)
      if (!englishStopwords.has(w)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  }
  return [...frequency]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 256)
    .map(([w]) => w)
    .join(' ');
})();

/** `count` distinct words, space-separated. */
export const manyWords = (count: number): string =>
  Array.from({ length: count }, (_, i) => word(i)).join(' ');

/** One megabyte of ordinary words (the common ones, repeated). */
export const megabyteOfWords: string = (() => {
  const unit = `${commonWords} `;
  return unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000);
})();
