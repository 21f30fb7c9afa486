import type { AbstentionReport } from './evaluate-abstention.js';
import { fixed, markdownTable, percentInterval } from './format.js';

/**
 * The abstention benchmark as one Markdown table, a row per catalogue: abstention on foreign and
 * leave-out requests, false abstention and nDCG@10 with and without abstention on its own,
 * wrong-sibling first picks and, when selections carry a confidence, its calibration error.
 */
export function abstentionMarkdown(reports: readonly AbstentionReport[]): string {
  return markdownTable(
    [
      'catalogue',
      'foreign abstained',
      'leave-out abstained',
      'leave-out, sibling left',
      'own: false abstention',
      'own nDCG@10, never abstaining',
      'own nDCG@10, abstaining',
      'first pick a wrong sibling',
      'ECE (first pick)',
    ],
    reports.map((report) => [
      report.catalogue,
      `${percentInterval(report.foreignAbstained)} (n ${report.counts.foreign})`,
      `${percentInterval(report.leaveOutAbstained)} (n ${report.counts.leaveOut})`,
      `${percentInterval(report.leaveOutSiblingAbstained)} (n ${report.counts.leaveOutSibling})`,
      `${percentInterval(report.falseAbstention)} (n ${report.counts.own})`,
      percentInterval(report.ndcg),
      percentInterval(report.ndcgAbstaining),
      percentInterval(report.wrongSiblingFirst),
      report.calibration ? fixed(report.calibration.ece, 3) : '–',
    ]),
  );
}
