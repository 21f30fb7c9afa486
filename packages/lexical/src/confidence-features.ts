import { confidenceSignalNames } from './confidence-signals.js';

/** Signals that are also read squared: all but the two yes/no intent signals at the end. */
const SQUARED = confidenceSignalNames.length - 2;

/** The model's inputs: each signal, then the squares of the graded ones (curvature the fit needs). */
export function confidenceFeatures(signals: readonly number[]): number[] {
  const features = [...signals];
  for (let i = 0; i < SQUARED; i++) features.push(signals[i]! * signals[i]!);
  return features;
}

/** Names of `confidenceFeatures`, in order. */
export const confidenceFeatureNames: readonly string[] = [
  ...confidenceSignalNames,
  ...confidenceSignalNames.slice(0, SQUARED).map((name) => `${name}²`),
];
