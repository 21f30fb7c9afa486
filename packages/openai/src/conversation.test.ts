import { bm25 } from '@shortlist/bm25';
import { InvalidArgumentError, pipe } from '@shortlist/core';
import { conversationQuery } from '@shortlist/core/adapter';
import { describe, expect, it } from 'vitest';
import { chatConversation } from './chat-conversation.js';
import { responsesConversation } from './responses-conversation.js';

describe('responsesConversation', () => {
  it('reads messages, output messages and calls, leaving tool traffic out of the query', () => {
    const conversation = responsesConversation([
      { role: 'developer', content: 'You are terse.' },
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Open an issue' },
          { type: 'input_image', image_url: 'x' },
        ],
      },
      { type: 'function_call', call_id: 'c1', name: 'create_issue', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'a huge log '.repeat(500) },
      { type: 'tool_search_call', arguments: { query: 'x' } },
      {
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'output_text', text: 'Filed #12' },
          { type: 'refusal', refusal: 'no' },
        ],
      },
      { role: 'user', content: 'Now email the team' },
    ]);
    expect(conversation.called).toEqual(['create_issue']);
    expect(conversation.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'tool',
      'tool',
      'tool',
      'assistant',
      'user',
    ]);
    const query = conversationQuery(conversation.turns);
    expect(query.split('\n')).toEqual([
      'Now email the team',
      'Now email the team',
      'Filed #12',
      'Open an issue',
    ]);
  });

  it('takes a plain string input as the user speaking', () => {
    expect(responsesConversation('hello')).toEqual({
      turns: [{ role: 'user', text: 'hello' }],
      called: [],
    });
  });

  it('rejects what is not an input with a typed error', () => {
    expect(() => responsesConversation({ input: [] })).toThrow(InvalidArgumentError);
  });
});

describe('chatConversation', () => {
  it('reads text parts, tool calls and tool results', () => {
    const conversation = chatConversation([
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: '1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          { id: '2', type: 'custom', custom: { name: 'grep', input: 'x' } },
        ],
      },
      { role: 'tool', tool_call_id: '1', content: 'Sunny' },
    ]);
    expect(conversation.called).toEqual(['get_weather', 'grep']);
    expect(conversation.turns).toEqual([
      { role: 'system', text: 'Be brief' },
      { role: 'user', text: 'Weather in Paris?' },
      { role: 'assistant', text: '' },
      { role: 'tool', text: 'Sunny' },
    ]);
  });
});

describe('reading an OpenAI catalogue', () => {
  it('names a tool without a name and two tools sharing one', async () => {
    const lexical = pipe(bm25());
    await expect(
      lexical.index([{ type: 'function', parameters: {}, strict: true }]),
    ).rejects.toThrow(/tools\[0\].*has no name/);
    const twice = { type: 'function', name: 'send_email', parameters: {}, strict: true };
    await expect(lexical.index([twice, { ...twice }])).rejects.toThrow(
      /tools\[1\] and tools\[0\] are both named "send_email"/,
    );
  });
});
