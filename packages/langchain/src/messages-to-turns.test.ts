import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { conversationQuery } from '@shortlist/core/adapter';
import { expect, it } from 'vitest';
import { calledToolNames, messagesToTurns } from './messages-to-turns.js';

const conversation = [
  new SystemMessage('You are helpful.'),
  new HumanMessage({ content: [{ type: 'text', text: 'Book a flight to Oslo' }] }),
  new AIMessage({
    content: '',
    tool_calls: [{ id: 'a', name: 'travel_search_flights', args: { to: 'OSL' } }],
  }),
  new ToolMessage({ content: '3 flights found', tool_call_id: 'a' }),
  new AIMessage('Found three flights.'),
  new HumanMessage('and a hotel near the station'),
  new AIMessage({
    content: '',
    tool_calls: [
      { id: 'b', name: 'travel_book_hotel', args: {} },
      { id: 'c', name: 'travel_search_flights', args: {} },
    ],
  }),
];

it('maps LangChain messages to turns by role, text parts only', () => {
  expect(messagesToTurns(conversation)).toEqual([
    { role: 'system', text: 'You are helpful.' },
    { role: 'user', text: 'Book a flight to Oslo' },
    { role: 'assistant', text: '' },
    { role: 'tool', text: '3 flights found' },
    { role: 'assistant', text: 'Found three flights.' },
    { role: 'user', text: 'and a hotel near the station' },
    { role: 'assistant', text: '' },
  ]);
  // The last user message leads, weighted; tool output and the system prompt stay out.
  expect(conversationQuery(messagesToTurns(conversation))).toBe(
    'and a hotel near the station\nand a hotel near the station\nFound three flights.\nBook a flight to Oslo',
  );
});

it('lists the tools the model called, each once, first call first', () => {
  expect(calledToolNames(conversation)).toEqual(['travel_search_flights', 'travel_book_hotel']);
  expect(calledToolNames([new HumanMessage('hi')])).toEqual([]);
});
