import { describeRanker, sampleTools } from '@shortlist/conformance';
import { memoryExampleStore } from '@shortlist/core';
import { learned } from './learned.js';

/** Examples for the kit's catalogue, in words its tools do not use. */
const examples = [
  { query: 'ping the team about the outage', tool: 'post_chat_message' },
  { query: 'tell on-call the site is down', tool: 'post_chat_message' },
  { query: 'write to finance about the quarterly numbers', tool: 'send_email' },
  { query: 'find the note Alice sent me', tool: 'search_email' },
  { query: 'book time with the design folks', tool: 'create_calendar_event' },
  { query: 'Wetter in Berlin morgen', tool: 'get_weather_forecast' },
  { query: 'give the customer their money back', tool: 'refund_payment', helpful: false },
].filter((example) => sampleTools.some((tool) => tool.name === example.tool));

describeRanker('learned', {
  create: () => {
    const store = memoryExampleStore();
    store.addExamples(examples);
    return learned({ store });
  },
});
