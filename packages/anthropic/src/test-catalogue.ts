import type { Tool } from '@anthropic-ai/sdk/resources/messages';

const tool = (name: string, description: string, ...params: string[]): Tool => ({
  name,
  description,
  input_schema: {
    type: 'object',
    properties: Object.fromEntries(params.map((param) => [param, { type: 'string' }])),
    required: params.slice(0, 1),
  },
});

/** A small catalogue of Anthropic tool definitions across unrelated domains. */
export const catalogue: Tool[] = [
  tool(
    'scan_secrets',
    'Scan a git repository and its history for leaked credentials such as API keys, tokens and passwords.',
    'repo',
  ),
  tool(
    'create_issue',
    'Open a new issue in a GitHub repository with a title and body.',
    'repo',
    'title',
    'body',
  ),
  tool('list_pull_requests', 'List the open pull requests of a GitHub repository.', 'repo'),
  tool('merge_pull_request', 'Merge a pull request once its checks pass.', 'repo', 'number'),
  tool('get_weather', 'Current weather conditions and temperature for a city.', 'city'),
  tool('get_forecast', 'Seven-day weather forecast for a city.', 'city'),
  tool(
    'send_email',
    'Send an email message to a recipient with a subject and body.',
    'to',
    'subject',
    'body',
  ),
  tool('search_email', 'Search the mailbox for messages matching words or a sender.', 'query'),
  tool('post_chat_message', 'Post a message to a Slack channel.', 'channel', 'text'),
  tool(
    'create_calendar_event',
    'Schedule a meeting on the calendar with attendees and a time.',
    'title',
    'start',
  ),
  tool('list_calendar_events', 'List upcoming meetings and events on the calendar.', 'from'),
  tool(
    'convert_currency',
    'Convert an amount of money between currencies at the current exchange rate.',
    'amount',
    'from',
    'to',
  ),
  tool('stock_quote', 'Latest share price of a stock ticker symbol.', 'symbol'),
  tool('translate_text', 'Translate text from one language into another.', 'text', 'target'),
  tool('summarize_document', 'Summarize a long document or web page into a few sentences.', 'url'),
  tool('run_sql_query', 'Run a read-only SQL query against the analytics database.', 'sql'),
  tool('describe_table', 'Show the columns and types of a database table.', 'table'),
  tool('deploy_service', 'Deploy a service to production from a release tag.', 'service', 'tag'),
  tool('rollback_deployment', 'Roll a service back to its previous release.', 'service'),
  tool('tail_logs', 'Stream the latest log lines of a running service.', 'service'),
  tool(
    'create_invoice',
    'Create and send an invoice to a customer for an amount.',
    'customer',
    'amount',
  ),
  tool('refund_payment', 'Refund a card payment in full or in part.', 'payment', 'amount'),
  tool('book_flight', 'Book a flight between two airports on a date.', 'from', 'to', 'date'),
  tool(
    'find_hotel',
    'Find hotels in a city for given check-in and check-out dates.',
    'city',
    'checkin',
  ),
  tool('resize_image', 'Resize an image to a width and height in pixels.', 'image', 'width'),
  tool('transcribe_audio', 'Transcribe speech in an audio file to text.', 'file'),
  tool('create_spreadsheet', 'Create a new spreadsheet with named columns.', 'title'),
  tool('read_file', 'Read the contents of a file from the workspace.', 'path'),
  tool(
    'write_file',
    'Write text to a file in the workspace, replacing its contents.',
    'path',
    'content',
  ),
  tool('web_search', 'Search the web and return the top result links with snippets.', 'query'),
];
