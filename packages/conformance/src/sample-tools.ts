import { type Tool, toTools } from '@shortlist/core';

const fn = (
  name: string,
  description: string,
  properties: Record<string, { type: string; description?: string; enum?: string[] }> = {},
) => ({ name, description, parameters: { type: 'object', properties } });

/**
 * A small catalogue over several domains, in canonical form. Written for this kit; realistic
 * enough that lexical and embedding rankers return non-trivial rankings.
 */
export const sampleTools: readonly Tool[] = toTools([
  fn('send_email', 'Send an email message to one or more recipients.', {
    to: { type: 'string', description: 'Recipient email address' },
    subject: { type: 'string', description: 'Subject line' },
    body: { type: 'string', description: 'Message body' },
  }),
  fn('search_email', 'Search the mailbox for messages matching a query.', {
    query: { type: 'string', description: 'Search terms' },
    folder: { type: 'string', enum: ['inbox', 'sent', 'archive'] },
  }),
  fn('post_chat_message', 'Post a message to a team chat channel.', {
    channel: { type: 'string', description: 'Channel name, e.g. #incidents' },
    text: { type: 'string', description: 'Message text' },
  }),
  fn('create_calendar_event', 'Schedule a meeting or event on the calendar.', {
    title: { type: 'string' },
    start: { type: 'string', description: 'Start time in ISO 8601' },
    attendees: { type: 'array', description: 'Email addresses of attendees' },
  }),
  fn('list_calendar_events', 'List upcoming events on the calendar for a date range.'),
  fn('hris_list_employees', 'List employees in the HR system, optionally filtered by department.', {
    department: { type: 'string', description: 'Department name' },
  }),
  fn('hris_request_time_off', 'Submit a vacation or sick leave request for an employee.', {
    kind: { type: 'string', enum: ['vacation', 'sick', 'parental'] },
  }),
  fn('crm_create_contact', 'Create a new contact record in the CRM.', {
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    company: { type: 'string' },
  }),
  fn('crm_update_deal_stage', 'Move a sales deal to another pipeline stage.', {
    stage: { type: 'string', enum: ['lead', 'qualified', 'proposal', 'won', 'lost'] },
  }),
  fn('upload_file', 'Upload a file to cloud storage and return its share link.', {
    path: { type: 'string', description: 'Local file path' },
  }),
  fn('delete_file', 'Permanently delete a file from cloud storage.'),
  fn('create_pull_request', 'Open a pull request on a code repository.', {
    repository: { type: 'string' },
    branch: { type: 'string', description: 'Source branch' },
  }),
  fn('list_open_issues', 'List open issues in a code repository, newest first.'),
  fn('refund_payment', 'Refund a card payment in full or in part.', {
    paymentId: { type: 'string' },
    amount: { type: 'number', description: 'Amount to refund in cents' },
  }),
  fn('create_invoice', 'Create and send an invoice to a customer.'),
  fn('create_support_ticket', 'Open a support ticket for a customer problem.', {
    priority: { type: 'string', enum: ['low', 'normal', 'urgent'] },
  }),
  fn('get_weather_forecast', 'Get the weather forecast for a city for the next days.', {
    city: { type: 'string' },
    days: { type: 'integer' },
  }),
  fn('run_sql_query', 'Run a read-only SQL query against the analytics warehouse.', {
    sql: { type: 'string', description: 'The SELECT statement' },
  }),
  fn('get_page_views', 'Report page views and unique visitors for a website.'),
  fn('translate_text', 'Translate text into another language.', {
    target: { type: 'string', description: 'Target language code, e.g. de or ja' },
  }),
  fn('page_on_call_engineer', 'Page the on-call engineer about a production incident.'),
  fn('convert_currency', 'Convert an amount between two currencies at the current rate.'),
]);

/** Tools that are not in `sampleTools`, used to test adding and removing. */
export const extraTools: readonly Tool[] = toTools([
  fn('archive_chat_channel', 'Archive a chat channel that is no longer used.'),
  fn('crm_log_call', 'Log a phone call with a contact in the CRM.'),
  fn('resize_image', 'Resize an image to the given width and height.', {
    width: { type: 'integer' },
    height: { type: 'integer' },
  }),
]);

/** Queries over `sampleTools`, including one in German and one with only punctuation words. */
export const sampleQueries: readonly string[] = [
  'ping the team about the outage',
  'email the quarterly report to finance',
  'schedule a meeting with the design team tomorrow',
  'who works in the sales department',
  'refund the customer payment',
  'open a pull request for my branch',
  'what will the weather be in Lisbon',
  'translate this to Japanese',
  'Wetter in Berlin morgen',
  'call log contact crm',
];
