import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';

const object = (properties: Record<string, string>, required = Object.keys(properties)) => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(properties).map(([name, description]) => [
      name,
      { type: 'string', description },
    ]),
  ),
  required,
  additionalProperties: false,
});

/** [name, description, parameters] of a developer-tools catalogue an agent might carry. */
const specs: [string, string, Record<string, string>][] = [
  [
    'create_issue',
    'Create a new GitHub issue in a repository with a title and body',
    { repo: 'owner/name', title: 'Issue title', body: 'Issue body' },
  ],
  [
    'close_issue',
    'Close an open GitHub issue by number',
    { repo: 'owner/name', number: 'Issue number' },
  ],
  ['list_pull_requests', 'List open pull requests of a repository', { repo: 'owner/name' }],
  [
    'merge_pull_request',
    'Merge a pull request once checks pass',
    { repo: 'owner/name', number: 'Pull request number' },
  ],
  [
    'scan_secrets',
    'Scan a git repository for exposed credentials such as passwords, tokens and private keys committed by mistake',
    { repo: 'owner/name' },
  ],
  [
    'rotate_credentials',
    'Rotate a service credential and revoke the old one',
    { service: 'Service name' },
  ],
  [
    'send_email',
    'Send an email message to one or more recipients',
    { to: 'Recipients', subject: 'Subject', body: 'Message text' },
  ],
  ['search_email', 'Search the mailbox for messages matching words', { query: 'Words to find' }],
  [
    'post_slack_message',
    'Post a message to a Slack channel',
    { channel: 'Channel name', text: 'Message text' },
  ],
  [
    'create_calendar_event',
    'Schedule a meeting on the calendar with attendees',
    { title: 'Title', start: 'Start time', attendees: 'Attendees' },
  ],
  ['get_weather', 'Get the current weather forecast for a city', { city: 'City name' }],
  [
    'convert_currency',
    'Convert an amount between two currencies at the current rate',
    { amount: 'Amount', from: 'Currency code', to: 'Currency code' },
  ],
  [
    'run_sql_query',
    'Run a read-only SQL query against the analytics database',
    { sql: 'SQL text' },
  ],
  [
    'deploy_service',
    'Deploy a service build to the staging or production environment',
    { service: 'Service name', environment: 'staging or production' },
  ],
  ['rollback_deploy', 'Roll back the last deployment of a service', { service: 'Service name' }],
  ['read_logs', 'Read recent log lines of a running service', { service: 'Service name' }],
  [
    'create_invoice',
    'Create a customer invoice with line items',
    { customer: 'Customer id', items: 'Line items' },
  ],
  ['refund_payment', 'Refund a card payment in full or in part', { payment: 'Payment id' }],
  [
    'translate_text',
    'Translate text into another language',
    { text: 'Text', language: 'Target language' },
  ],
  ['summarize_document', 'Summarize a long document into key points', { url: 'Document URL' }],
  ['upload_file', 'Upload a file to cloud storage and return its link', { path: 'Local path' }],
  [
    'resize_image',
    'Resize an image to the given width and height',
    { url: 'Image URL', width: 'Pixels', height: 'Pixels' },
  ],
  [
    'book_flight',
    'Book a flight between two airports on a date',
    { from: 'Airport', to: 'Airport', date: 'Date' },
  ],
  [
    'create_jira_ticket',
    'Open a Jira ticket in a project backlog',
    { project: 'Project key', summary: 'Summary' },
  ],
];

/** The catalogue as Responses API function tools. */
export const responsesTools = (): FunctionTool[] =>
  specs.map(([name, description, properties]) => ({
    type: 'function',
    name,
    description,
    parameters: object(properties),
    strict: true,
  }));

/** The same catalogue as Chat Completions tools. */
export const chatTools = (): ChatCompletionFunctionTool[] =>
  specs.map(([name, description, properties]) => ({
    type: 'function',
    function: { name, description, parameters: object(properties), strict: true },
  }));

/** The catalogue's specs, for building Agents SDK tools. */
export const catalogueSpecs = specs;
