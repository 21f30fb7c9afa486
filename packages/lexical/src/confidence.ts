import type { Confidence, ConfidenceInput } from '@shortlist/core/kit';
import {
  firstPickCoefficients,
  namedConfidence,
  topFiveCoefficients,
} from './confidence-coefficients.js';
import { confidenceSignals } from './confidence-signals.js';

function logistic(coefficients: readonly number[], signals: readonly number[]): number {
  let z = coefficients[signals.length]!;
  for (let i = 0; i < signals.length; i++) z += coefficients[i]! * signals[i]!;
  return 1 / (1 + Math.exp(-z));
}

/** Whether the request names a tool in full: `exact` found one, which `lexical()` puts first. */
const namesATool = (input: ConfidenceInput): boolean =>
  input.rankings.some((source) => source.rankerId === 'exact' && source.ranking.length > 0);

/**
 * `lexical()`'s calibrated confidence: two logistic regressions over `confidenceSignals`, fitted
 * on the shared sets' train material (`lab/confidence-fit.mjs`), and for a tool the request names
 * in full, how often such picks were right there. The top five are at least as likely as the first.
 */
export function lexicalConfidence(input: ConfidenceInput): Confidence {
  // A tool the request names in full is first whatever else it says: its own measured rate.
  if (namesATool(input)) return namedConfidence;
  const signals = confidenceSignals(input);
  const first = logistic(firstPickCoefficients, signals);
  return { first, top5: Math.max(first, logistic(topFiveCoefficients, signals)) };
}
