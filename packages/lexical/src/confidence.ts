import type { Confidence, ConfidenceInput } from '@shortlist/core/kit';
import {
  firstPickCoefficients,
  firstPickSteps,
  namedConfidence,
  topFiveCoefficients,
} from './confidence-coefficients.js';
import { confidenceFeatures } from './confidence-features.js';
import { confidenceSignals } from './confidence-signals.js';

function logistic(coefficients: readonly number[], features: readonly number[]): number {
  let z = coefficients[features.length]!;
  for (let i = 0; i < features.length; i++) z += coefficients[i]! * features[i]!;
  return 1 / (1 + Math.exp(-z));
}

/** The isotonic step a first-pick estimate falls on: the share right on train at that level. */
function stepped(estimate: number): number {
  const [lows, values] = firstPickSteps;
  let low = 0;
  let high = lows.length - 1;
  // The last step whose low end is at or below the estimate (the first step starts at 0).
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lows[middle]! <= estimate) low = middle;
    else high = middle - 1;
  }
  return values[low]!;
}

/** Whether the request names a tool in full: `exact` found one, which `lexical()` puts first. */
const namesATool = (input: ConfidenceInput): boolean =>
  input.rankings.some((source) => source.rankerId === 'exact' && source.ranking.length > 0);

/**
 * `lexical()`'s calibrated confidence: two logistic regressions over `confidenceFeatures`, fitted
 * on the shared sets' train material (`lab/confidence-fit.mjs`), the first-pick one mapped through
 * an isotonic fit there; for a tool the request names in full, how often such picks were right.
 * The top five are at least as likely as the first.
 */
export function lexicalConfidence(input: ConfidenceInput): Confidence {
  // A tool the request names in full is first whatever else it says: its own measured rate.
  if (namesATool(input)) return namedConfidence;
  const features = confidenceFeatures(confidenceSignals(input));
  const first = stepped(logistic(firstPickCoefficients, features));
  return { first, top5: Math.max(first, logistic(topFiveCoefficients, features)) };
}
