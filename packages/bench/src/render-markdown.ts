import { markdownTable } from './markdown-table.js';
import type { BenchReport } from './run-bench.js';

const number = (value: number | undefined, digits = 0): string =>
  value === undefined || Number.isNaN(value)
    ? '–'
    : value.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });

/** Three significant digits, enough for noisy timings: 12.3, 123, 1,234. */
const figure = (value: number | undefined): string => {
  if (value === undefined || Number.isNaN(value)) return '–';
  const abs = Math.abs(value);
  return number(value, abs >= 100 ? 0 : abs >= 10 ? 1 : 2);
};

const megabytes = (bytes: number) => figure(bytes / 1024 / 1024);

/** The report as Markdown: ranker table, ratios, targets, budget section and notes. */
export function renderMarkdown(report: BenchReport): string {
  const { environment: env } = report;
  const out: string[] = [];
  out.push('## Rankers');
  out.push('');
  out.push(
    `Seeded synthetic catalogue (seed ${report.seed}), ${number(report.queries)} queries of 3–10 words, top-10. ` +
      `Node ${env.node}, ${env.platform}, ${env.cpu} × ${env.cores}, ${env.date.slice(0, 10)}.` +
      (env.forcedGc ? '' : ' Memory measured without a forced GC.'),
  );
  out.push('');
  out.push(
    markdownTable(
      [
        'ranker',
        '>tools',
        '>build ms',
        '>restore ms',
        '>heap MB',
        '>external MB',
        '>cold query µs',
        '>queries',
        '>p50 µs',
        '>p99 µs',
        '>queries/s',
      ],
      report.rankers.map((r) => [
        r.ranker,
        number(r.size),
        figure(r.buildMs),
        figure(r.restoreMs),
        megabytes(r.heapBytes),
        megabytes(r.externalBytes),
        figure(r.coldQueryUs),
        number(r.queries),
        figure(r.p50Us),
        figure(r.p99Us),
        figure(r.qps),
      ]),
    ),
  );
  if (report.ratios.length > 0) {
    out.push('');
    out.push('Ratios (same run):');
    out.push('');
    for (const ratio of report.ratios) {
      out.push(`- ${ratio.label} at ${number(ratio.size)} tools: ${figure(ratio.value)}×`);
    }
  }
  if (report.vectors && report.vectors.length > 0) {
    out.push('');
    out.push('## Vector search');
    out.push('');
    out.push(
      "semantic() (k 10) and the same index at intent's k 200 on seeded clustered synthetic embeddings (64 topics + noise); " +
        'intent() on MetaTool (train examples and tool texts, test queries, lexical embedder, tuned settings). ' +
        "rank: the ranker's doRank, query embedding included; search: the vector index alone; scan: the brute-force scan it replaced, on the same query vectors in the same run.",
    );
    out.push('');
    out.push(
      markdownTable(
        [
          'kind',
          'embedder',
          '>dims',
          '>vectors',
          '>k',
          '>build ms',
          '>restore ms',
          '>bytes/vector',
          '>rank p50 µs',
          '>search p50 µs',
          '>scan p50 µs',
          '>speed-up',
          'identical',
          'method',
        ],
        report.vectors.map((v) => [
          v.kind,
          v.embedder,
          number(v.dimensions),
          number(v.size),
          number(v.k),
          figure(v.buildMs),
          figure(v.restoreMs),
          v.bytesPerVector === undefined ? '–' : number(Math.round(v.bytesPerVector)),
          figure(v.rankP50Us),
          figure(v.searchP50Us),
          figure(v.bruteP50Us),
          `${figure(v.speedUp)}×`,
          v.identical ? 'yes' : '**no**',
          v.method,
        ]),
      ),
    );
  }
  if (report.targets.length > 0) {
    out.push('');
    out.push('Targets:');
    out.push('');
    for (const check of report.targets) {
      out.push(`- ${check.pass ? 'PASS' : 'FAIL'} ${check.target}: ${check.measured}`);
    }
  }
  const budget = report.budget;
  if (budget) {
    out.push('');
    out.push('## Budget');
    out.push('');
    const sources = [...new Set(budget.tokenizers.map((t) => t.source))];
    out.push(
      `Token counting of JSON function definitions (openai-chat), ${budget.encoding}, warm (every definition counted once untimed first):`,
    );
    out.push('');
    out.push(
      markdownTable(
        [
          'definitions',
          'tokenizer',
          '>µs / definition (mean)',
          '>µs (p50)',
          '>tokens (mean)',
          'counts vs first',
        ],
        budget.tokenizers.map((t) => [
          `${number(t.definitions)} ${t.source}`,
          t.tokenizer,
          figure(t.meanUs),
          figure(t.p50Us),
          figure(t.meanTokens),
          t.error
            ? `not run: ${t.error.split('\n')[0]}`
            : t.mismatches === 0
              ? 'identical'
              : `${number(t.mismatches)} differ`,
        ]),
      ),
    );
    out.push('');
    for (const source of sources) {
      const [first, second] = budget.tokenizers.filter((t) => t.source === source);
      if (first && second && !first.error && !second.error) {
        out.push(
          `- ${source}: ${first.tokenizer} is ${figure(second.p50Us / first.p50Us)}× as fast as ${second.tokenizer} (medians; ${figure(second.meanUs / first.meanUs)}× from means).`,
        );
      }
    }
    if (sources.length === 1 && sources[0] === 'synthetic') {
      out.push(
        '- The synthetic descriptions are mostly made-up words, which split into several tokens each; pass `--definitions ../shared/benchmarks` to time real ones too.',
      );
    }
    const packing = budget.packing;
    if (packing) {
      out.push('');
      out.push(
        `Packing on a bm25 + tfidf select() at ${number(packing.size)} tools, budget(${number(packing.maxTokens)}), ` +
          `${number(packing.queries)} queries × ${packing.passes} timed passes after a warm-up pass, the two pipelines taking turns ` +
          `in blocks of ${packing.blockSize} queries (ABBA), costs cached (steady state):`,
      );
      out.push('');
      out.push(
        markdownTable(
          ['pipeline', '>mean µs', '>p50 µs', '>first query ms (cold)'],
          [
            [
              'bm25 + tfidf: pipe(bm25(), tfidf()).fuse(weighted(dbsf, 0.4 / 0.6))',
              figure(packing.plainMeanUs),
              figure(packing.plainP50Us),
              figure(packing.plainFirstQueryMs),
            ],
            [
              `the same .pack(budget(${packing.maxTokens}))`,
              figure(packing.packedMeanUs),
              figure(packing.packedP50Us),
              figure(packing.coldFirstQueryMs),
            ],
          ],
        ),
      );
      out.push('');
      out.push(
        `- ${packing.overheadPercent <= 5 ? 'PASS' : 'FAIL'} packing adds ≤ 5% to select() in steady state (medians): ${figure(packing.overheadPercent)}% (${figure(packing.overheadPercentPaired)}% as the median of per-query differences, ${figure(packing.overheadPercentMean)}% from means)`,
      );
    }
  }
  if (report.notes.length > 0) {
    out.push('');
    out.push('Notes:');
    out.push('');
    for (const note of report.notes) out.push(`- ${note}`);
  }
  return `${out.join('\n')}\n`;
}
