import { expect, it } from 'vitest';
import { calledTools, type StepMessages, searchCalls, turnsOf } from './model-messages.js';
import { assistant, call, text, user } from './test-messages.js';

// The shapes Mastra 1.x's prepareStep gets: stored messages, a call and its result in one part.
const messages: StepMessages = [
  user('did our stripe key leak'),
  assistant(
    text('Let me look.'),
    call('call_1', 'search_tools', { query: ' leaked credentials ' }, { results: [] }),
  ),
  user('and the github token?'),
  assistant(
    call('call_2', 'secrets_scan', {}),
    call('call_3', 'search_tools', { query: '' }),
    call('call_4', 'search_tools', { query: 'token' }),
  ),
];

it('reads turns, joining text parts; tool calls and results add no text', () => {
  expect(turnsOf(messages)).toEqual([
    { role: 'user', text: 'did our stripe key leak' },
    { role: 'assistant', text: 'Let me look.' },
    { role: 'user', text: 'and the github token?' },
    { role: 'assistant', text: '' },
  ]);
});

it('lists the called tools once each, first call first', () => {
  expect(calledTools(messages)).toEqual(['search_tools', 'secrets_scan']);
});

it('finds each search with a query and the user request it served', () => {
  expect(searchCalls(messages, 'search_tools')).toEqual([
    { id: 'call_1', query: 'leaked credentials', request: 'did our stripe key leak' },
    { id: 'call_4', query: 'token', request: 'and the github token?' },
  ]);
  expect(searchCalls(messages, 'find_tools')).toEqual([]);
});
