import { describeRanker } from '@shortlist/conformance';
import { nameMatch } from './name-match.js';

describeRanker('nameMatch', { create: () => nameMatch() });
describeRanker('nameMatch({ verbs: false, minCoverage: 0.5 })', {
  create: () => nameMatch({ verbs: false, minCoverage: 0.5 }),
});
