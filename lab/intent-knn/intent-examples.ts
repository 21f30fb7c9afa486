import type { DatasetQuery } from '@shortlist/eval';
import type { IntentExample } from '@shortlist/intent-knn';

/** What intent() learns from labelled queries: one example per relevant tool. */
export const examplesOf = (queries: readonly DatasetQuery[]): IntentExample[] =>
  queries.flatMap((q) => q.relevant.map((tool) => ({ query: q.query, tool })));
