import { bm25 } from '@shortlist/bm25';
import type { RankerV1 } from '@shortlist/core';
import { orama, oramaDefaultTokenizer } from '@shortlist/orama';
import { tfidf } from '@shortlist/tfidf';

/**
 * The rankers the benchmark knows, by id. `orama-stock` is Orama with the analysis it ships
 * (stopwords kept, so prefix matching expands words like "a" and "the"): the baseline the
 * speed targets name. `orama` is the same engine behind Shortlist's text analysis.
 */
export const benchRankers: Readonly<Record<string, () => RankerV1>> = {
  bm25: () => bm25(),
  tfidf: () => tfidf(),
  orama: () => orama(),
  'orama-stock': () => orama({ id: 'orama-stock', tokenizer: oramaDefaultTokenizer() }),
};

/** Ranker ids in the order they run; the Orama ones last, as they are slow and memory-hungry. */
export const benchRankerIds: readonly string[] = Object.keys(benchRankers);
