import type { OnlineReport } from './evaluate-online.js';
import { markdownTable, percent, signedPercent } from './format.js';

/** Names of the two pickers in an online table's header. */
export interface OnlineMarkdownOptions {
  readonly learner?: string;
  readonly baseline?: string;
}

/**
 * An online report as a Markdown table: one row per window of requests, each metric for the
 * baseline and the learner, and their paired difference with its 95% interval.
 */
export function onlineMarkdown(report: OnlineReport, options: OnlineMarkdownOptions = {}): string {
  const { learner = 'learning', baseline = 'baseline' } = options;
  const header = [
    'requests',
    `${baseline} hit@1`,
    `${learner} hit@1`,
    'Δ hit@1 [95%]',
    `${baseline} recall@5`,
    `${learner} recall@5`,
    'Δ recall@5 [95%]',
  ];
  const rows = report.windows.map((window) => {
    const cells = (metric: 'hit@1' | 'recall@5') => {
      const d = window.difference[metric];
      return [
        percent(window.baseline[metric]),
        percent(window.learner[metric]),
        `${signedPercent(d.mean)} [${signedPercent(d.low)}, ${signedPercent(d.high)}]`,
      ];
    };
    return [`${window.from}–${window.to}`, ...cells('hit@1'), ...cells('recall@5')];
  });
  return markdownTable(header, rows);
}
