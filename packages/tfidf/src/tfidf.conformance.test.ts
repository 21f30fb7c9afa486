import { describeRanker } from '@shortlist/conformance';
import { tfidf } from './tfidf.js';

describeRanker('tfidf()', { create: () => tfidf() });
describeRanker('tfidf({ sublinearTf: false, stem: false })', {
  create: () => tfidf({ sublinearTf: false, stem: false }),
});
