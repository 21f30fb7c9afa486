import { bm25 } from '@shortlist/bm25';
import type { RankerV1 } from '@shortlist/core';
import { orama } from '@shortlist/orama';
import { tfidf } from '@shortlist/tfidf';

/** The rankers the benchmark knows, each with its default options, by id. */
export const benchRankers: Readonly<Record<string, () => RankerV1>> = {
  bm25: () => bm25(),
  tfidf: () => tfidf(),
  orama: () => orama(),
};

/** Ranker ids in the order they run; orama last, as it is slow and memory-hungry. */
export const benchRankerIds: readonly string[] = Object.keys(benchRankers);
