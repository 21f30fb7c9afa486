import { describeFusion } from '@shortlist/conformance';
import { rrf } from './rrf.js';
import { weighted } from './weighted.js';

describeFusion('rrf()', { create: () => rrf() });
describeFusion('rrf({ k: 1, weights })', { create: () => rrf({ k: 1, weights: { bm25: 2 } }) });
describeFusion("weighted({ normalize: 'minmax' })", { create: () => weighted() });
describeFusion("weighted({ normalize: 'zscore' })", {
  create: () => weighted({ normalize: 'zscore', weights: { bm25: 0.7, tfidf: 0.3 } }),
});
describeFusion("weighted({ normalize: 'dbsf' })", {
  create: () => weighted({ normalize: 'dbsf' }),
});
describeFusion("weighted({ normalize: 'none' })", {
  create: () => weighted({ normalize: 'none' }),
});
describeFusion("weighted({ normalize: 'zscore', head: 2 })", {
  create: () => weighted({ normalize: 'zscore', head: 2 }),
});
