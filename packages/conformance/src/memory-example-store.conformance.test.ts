import { memoryExampleStore } from '@shortlist/core';
import { describeExampleStore } from './index.js';

// The reference store the kit's expectations come from; it keeps no age bound.
describeExampleStore('memoryExampleStore() from @shortlist/core', {
  create: ({ maxExamples }) => memoryExampleStore({ maxExamples }),
});
