import { expect, it } from 'vitest';
import { calledTools, type StepMessages, searchCalls, turnsOf } from './model-messages.js';

// The shapes Mastra's prepareStep gets, as it sent them in the e2e runs.
const messages = [
  { role: 'user', content: [{ type: 'text', text: 'did our stripe key leak' }] },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me look.' },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'search_tools',
        input: { query: ' leaked credentials ' },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'search_tools',
        output: { type: 'json', value: { results: [] } },
      },
    ],
  },
  { role: 'user', content: 'and the github token?' },
  {
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'secrets_scan', input: {} },
      { type: 'tool-call', toolCallId: 'call_3', toolName: 'search_tools', input: { query: '' } },
      {
        type: 'tool-call',
        toolCallId: 'call_4',
        toolName: 'search_tools',
        input: { query: 'token' },
      },
    ],
  },
] as StepMessages;

it('reads turns, joining text parts; tool results are tool turns without text', () => {
  expect(turnsOf(messages)).toEqual([
    { role: 'user', text: 'did our stripe key leak' },
    { role: 'assistant', text: 'Let me look.' },
    { role: 'tool', text: '' },
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
