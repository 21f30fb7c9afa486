import { describeRanker, sampleTools } from '@shortlist/conformance';
import { lexicalEmbedder } from '@shortlist/tfidf';
import { intent } from './intent.js';

/** Example queries for the conformance catalogue (none for its last three tools, which the kit adds later). */
const examples = [
  { query: 'ping the team about the outage', tool: 'post_chat_message' },
  { query: 'tell the on-call about the incident', tool: 'post_chat_message' },
  { query: 'email the report to finance', tool: 'send_email' },
  { query: 'write to the customer', tool: 'send_email' },
  { query: 'find the mail from Alice', tool: 'search_email' },
  { query: 'book a meeting with the design team', tool: 'create_calendar_event' },
  { query: 'who works in sales', tool: 'hris_list_employees' },
  { query: 'give the customer their money back', tool: 'refund_payment' },
  { query: 'open a PR for my branch', tool: 'create_pull_request' },
  { query: 'will it rain in Lisbon', tool: 'get_weather_forecast' },
  { query: 'Wetter in Berlin', tool: 'get_weather_forecast' },
  { query: 'log a call with a contact', tool: 'crm_create_contact' },
].filter((example) => sampleTools.slice(0, -3).some((tool) => tool.name === example.tool));

describeRanker('intent', {
  create: () => intent({ examples, embedder: lexicalEmbedder() }),
});
