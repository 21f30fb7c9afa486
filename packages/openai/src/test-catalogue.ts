import { tableRows } from '@shortlist/test-servers';
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

/**
 * A developer-tools catalogue an agent might carry, one tool a line:
 * name | parameter: its description, ... | description.
 */
const table = `
create_issue          | repo: owner/name, title: Issue title, body: Issue body    | Create a new GitHub issue in a repository with a title and body
close_issue           | repo: owner/name, number: Issue number                    | Close an open GitHub issue by number
list_pull_requests    | repo: owner/name                                          | List open pull requests of a repository
merge_pull_request    | repo: owner/name, number: Pull request number             | Merge a pull request once checks pass
scan_secrets          | repo: owner/name                                          | Scan a git repository for exposed credentials such as passwords, tokens and private keys committed by mistake
rotate_credentials    | service: Service name                                     | Rotate a service credential and revoke the old one
send_email            | to: Recipients, subject: Subject, body: Message text      | Send an email message to one or more recipients
search_email          | query: Words to find                                      | Search the mailbox for messages matching words
post_slack_message    | channel: Channel name, text: Message text                 | Post a message to a Slack channel
create_calendar_event | title: Title, start: Start time, attendees: Attendees     | Schedule a meeting on the calendar with attendees
get_weather           | city: City name                                           | Get the current weather forecast for a city
convert_currency      | amount: Amount, from: Currency code, to: Currency code    | Convert an amount between two currencies at the current rate
run_sql_query         | sql: SQL text                                             | Run a read-only SQL query against the analytics database
deploy_service        | service: Service name, environment: staging or production | Deploy a service build to the staging or production environment
rollback_deploy       | service: Service name                                     | Roll back the last deployment of a service
read_logs             | service: Service name                                     | Read recent log lines of a running service
create_invoice        | customer: Customer id, items: Line items                  | Create a customer invoice with line items
refund_payment        | payment: Payment id                                       | Refund a card payment in full or in part
translate_text        | text: Text, language: Target language                     | Translate text into another language
summarize_document    | url: Document URL                                         | Summarize a long document into key points
upload_file           | path: Local path                                          | Upload a file to cloud storage and return its link
resize_image          | url: Image URL, width: Pixels, height: Pixels             | Resize an image to the given width and height
book_flight           | from: Airport, to: Airport, date: Date                    | Book a flight between two airports on a date
create_jira_ticket    | project: Project key, summary: Summary                    | Open a Jira ticket in a project backlog
`;

/** [name, description, parameters] of each tool of the table. */
const specs: [string, string, Record<string, string>][] = tableRows(table).map(
  ([name, parameters, description]) => [
    name!,
    description!,
    Object.fromEntries(parameters!.split(', ').map((parameter) => parameter.split(': '))),
  ],
);

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
