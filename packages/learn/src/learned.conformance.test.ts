import { describeLearner } from '@shortlist/conformance';
import { memoryExampleStore } from '@shortlist/core';
import { learned } from './learned.js';

describeLearner('learned', {
  create: () => learned({ store: memoryExampleStore() }),
  // The kit's catalogue, taught in words its tools do not use.
  examples: [
    { query: 'heads up everyone, prod is on fire', tool: 'post_chat_message' },
    { query: 'tell on-call the site is down', tool: 'post_chat_message' },
    { query: 'write to finance about the quarterly numbers', tool: 'send_email' },
    { query: 'give the customer their money back', tool: 'refund_payment', helpful: false },
  ],
});
