import { expect, it } from 'vitest';
import { tableRows } from './table-rows.js';

it('splits a text table into trimmed cells, one row a line, ignoring the blank lines around it', () => {
  const table = `
send_email   | to subject | Send an email | to a recipient
get_weather  | city       | Current weather
`;
  expect(tableRows(table)).toEqual([
    ['send_email', 'to subject', 'Send an email', 'to a recipient'],
    ['get_weather', 'city', 'Current weather'],
  ]);
});
