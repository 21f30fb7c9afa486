import { describeRanker } from '@shortlist/conformance';
import { tfidf } from './tfidf.js';

describeRanker('tfidf()', { create: () => tfidf(), capsQueryTerms: true });
describeRanker('tfidf({ sublinearTf: false, stem: false })', {
  create: () => tfidf({ sublinearTf: false, stem: false }),
});
