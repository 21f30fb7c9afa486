/** A small catalogue across common agent domains, in JSON Schema: the same in every runtime. */
export interface CatalogueTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: {
    readonly type: 'object';
    readonly properties: Readonly<
      Record<string, { readonly type: 'string'; readonly description: string }>
    >;
  };
}

const tool = (
  name: string,
  description: string,
  fields: Record<string, string>,
): CatalogueTool => ({
  name,
  description,
  parameters: {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(fields).map(([field, about]) => [
        field,
        { type: 'string', description: about },
      ]),
    ),
  },
});

export const catalogue: readonly CatalogueTool[] = [
  tool(
    'send_email',
    'Send an email message to one or more recipients, with a subject, body and attachments.',
    { to: 'Recipient email addresses', subject: 'Subject line', body: 'Message text' },
  ),
  tool('search_email', 'Search the mailbox for messages by sender, subject or words in the body.', {
    query: 'Words to look for',
    from: 'Sender address',
  }),
  tool(
    'create_calendar_event',
    'Create a calendar event or meeting with attendees at a date and time.',
    { title: 'Event title', start: 'Start date and time', attendees: 'People to invite' },
  ),
  tool('list_calendar_events', 'List upcoming calendar events and meetings in a date range.', {
    from: 'Start of the range',
    to: 'End of the range',
  }),
  tool(
    'post_slack_message',
    'Post a message to a Slack channel or send a direct message to a teammate.',
    { channel: 'Channel name, e.g. #ops', text: 'Message text' },
  ),
  tool(
    'create_github_pull_request',
    'Open a pull request on GitHub from a branch into the default branch.',
    { repository: 'owner/name', head: 'Branch with the changes', title: 'Pull request title' },
  ),
  tool(
    'list_github_issues',
    'List open issues in a GitHub repository, filtered by label or assignee.',
    { repository: 'owner/name', label: 'Issue label' },
  ),
  tool(
    'create_support_ticket',
    'Open a support ticket for a customer problem, such as a crash or a bug report.',
    { customer: 'Customer id', summary: 'What went wrong', priority: 'low, normal or urgent' },
  ),
  tool(
    'refund_payment',
    'Refund a charge or payment to the customer, fully or partly, for an order.',
    { charge: 'Charge id', amount: 'Amount to refund' },
  ),
  tool('get_invoice', 'Fetch an invoice by number with its line items and payment status.', {
    invoice: 'Invoice number',
  }),
  tool(
    'get_weather_forecast',
    'Get the weather forecast for a city: temperature, rain and wind for the coming days.',
    { city: 'City name', days: 'How many days ahead' },
  ),
  tool('book_flight', 'Search and book a flight between two airports on a given date.', {
    from: 'Departure airport or city',
    to: 'Arrival airport or city',
    date: 'Travel date',
  }),
  tool('book_hotel', 'Book a hotel room in a city for a range of nights.', {
    city: 'City',
    check_in: 'Arrival date',
    nights: 'Number of nights',
  }),
  tool('get_page_views', 'Report website traffic: page views and unique visitors for a period.', {
    site: 'Website domain',
    period: 'e.g. last_7_days',
  }),
  tool('deploy_service', 'Deploy a service version to staging or production.', {
    service: 'Service name',
    version: 'Version or commit',
    environment: 'staging or production',
  }),
  tool('rollback_deployment', 'Roll back a service in an environment to its previous release.', {
    service: 'Service name',
    environment: 'staging or production',
  }),
  tool('get_on_call', 'Who is on call now for a service, from the paging schedule.', {
    service: 'Service name',
  }),
  tool('create_reminder', 'Create a reminder that notifies the user at a time.', {
    text: 'What to remember',
    at: 'When to remind',
  }),
  tool('translate_text', 'Translate text from one language into another.', {
    text: 'Text to translate',
    target: 'Target language code',
  }),
  tool('query_database', 'Run a read-only SQL query against the analytics database.', {
    sql: 'The SELECT statement',
  }),
  tool('upload_file', 'Upload a file to cloud storage and return its link.', {
    path: 'Local file path',
    bucket: 'Storage bucket',
  }),
  tool('create_spreadsheet', 'Create a spreadsheet with rows and columns of data.', {
    title: 'Spreadsheet title',
    rows: 'The data',
  }),
  tool(
    'convert_currency',
    "Convert an amount of money from one currency to another at today's rate.",
    { amount: 'Amount', from: 'Currency code', to: 'Currency code' },
  ),
  tool('get_stock_price', 'Get the latest stock price and daily change for a ticker symbol.', {
    symbol: 'Ticker symbol',
  }),
  tool('add_crm_contact', 'Add a contact or lead to the CRM with name, company and email.', {
    name: 'Full name',
    company: 'Company',
    email: 'Email address',
  }),
  tool('list_employees', 'List employees in the HR system by department or office.', {
    department: 'Department',
    office: 'Office location',
  }),
  tool('request_time_off', 'Request vacation or time off for an employee for a range of dates.', {
    start: 'First day off',
    end: 'Last day off',
  }),
  tool('scan_secrets', 'Scan a repository for leaked secrets such as API keys and passwords.', {
    repository: 'owner/name',
  }),
  tool('resize_image', 'Resize or crop an image to a width and height.', {
    image: 'Image URL',
    width: 'Pixels',
    height: 'Pixels',
  }),
  tool('summarize_document', 'Summarize a long document or web page into a few sentences.', {
    url: 'Document URL',
    length: 'short or long',
  }),
];

/** Requests and the tool each needs, labelled by hand: every runtime must pick it first. */
export const requests: readonly { readonly query: string; readonly tool: string }[] = [
  { query: 'email the quarterly report to finance', tool: 'send_email' },
  { query: 'invite Priya to a calendar event on Tuesday', tool: 'create_calendar_event' },
  { query: 'refund the duplicate charge for order 1042', tool: 'refund_payment' },
  { query: 'open a pull request for my feature branch', tool: 'create_github_pull_request' },
  { query: 'roll back the checkout service in production', tool: 'rollback_deployment' },
  { query: 'book a flight from Lisbon to Berlin on Friday', tool: 'book_flight' },
  { query: 'what will the weather be in Madrid tomorrow', tool: 'get_weather_forecast' },
  { query: 'did we leak an API key in the repo', tool: 'scan_secrets' },
];
