import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { tableRows } from '@shortlist/test-servers';

/** name | string parameters, the first required | description: one tool a line. */
const table = `
scan_secrets          | repo            | Scan a git repository and its history for leaked credentials such as API keys, tokens and passwords.
create_issue          | repo title body | Open a new issue in a GitHub repository with a title and body.
list_pull_requests    | repo            | List the open pull requests of a GitHub repository.
merge_pull_request    | repo number     | Merge a pull request once its checks pass.
get_weather           | city            | Current weather conditions and temperature for a city.
get_forecast          | city            | Seven-day weather forecast for a city.
send_email            | to subject body | Send an email message to a recipient with a subject and body.
search_email          | query           | Search the mailbox for messages matching words or a sender.
post_chat_message     | channel text    | Post a message to a Slack channel.
create_calendar_event | title start     | Schedule a meeting on the calendar with attendees and a time.
list_calendar_events  | from            | List upcoming meetings and events on the calendar.
convert_currency      | amount from to  | Convert an amount of money between currencies at the current exchange rate.
stock_quote           | symbol          | Latest share price of a stock ticker symbol.
translate_text        | text target     | Translate text from one language into another.
summarize_document    | url             | Summarize a long document or web page into a few sentences.
run_sql_query         | sql             | Run a read-only SQL query against the analytics database.
describe_table        | table           | Show the columns and types of a database table.
deploy_service        | service tag     | Deploy a service to production from a release tag.
rollback_deployment   | service         | Roll a service back to its previous release.
tail_logs             | service         | Stream the latest log lines of a running service.
create_invoice        | customer amount | Create and send an invoice to a customer for an amount.
refund_payment        | payment amount  | Refund a card payment in full or in part.
book_flight           | from to date    | Book a flight between two airports on a date.
find_hotel            | city checkin    | Find hotels in a city for given check-in and check-out dates.
resize_image          | image width     | Resize an image to a width and height in pixels.
transcribe_audio      | file            | Transcribe speech in an audio file to text.
create_spreadsheet    | title           | Create a new spreadsheet with named columns.
read_file             | path            | Read the contents of a file from the workspace.
write_file            | path content    | Write text to a file in the workspace, replacing its contents.
web_search            | query           | Search the web and return the top result links with snippets.
`;

/** A small catalogue of Anthropic tool definitions across unrelated domains. */
export const catalogue: Tool[] = tableRows(table).map(([name, parameters, description]) => {
  const params = parameters!.split(' ');
  return {
    name: name!,
    description: description!,
    input_schema: {
      type: 'object',
      properties: Object.fromEntries(params.map((param) => [param, { type: 'string' }])),
      required: params.slice(0, 1),
    },
  };
});
