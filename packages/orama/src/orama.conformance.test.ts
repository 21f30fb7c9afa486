import { describeRanker } from '@shortlist/conformance';
import { orama } from './orama.js';

describeRanker('orama()', { create: () => orama() });
describeRanker('orama() with boosts', {
  create: () => orama({ id: 'orama-boosted', boost: { name: 3, description: 1.5 } }),
});
