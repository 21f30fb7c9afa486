import { describeRanker } from '@shortlist/conformance';
import { bm25 } from './bm25.js';

describeRanker('bm25', { create: () => bm25(), capsQueryTerms: true });
