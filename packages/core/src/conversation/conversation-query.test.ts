import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { conversationQuery, lastUserRequest, trimText } from './conversation-query.js';

describe('conversationQuery', () => {
  it('weights the last user message and adds recent context, newest first', () => {
    const query = conversationQuery([
      { role: 'system', text: 'You are a helpful agent with many tools.' },
      { role: 'user', text: 'the deploy failed' },
      { role: 'assistant', text: 'I see errors in the build log.' },
      { role: 'user', text: 'tell the team on chat' },
    ]);
    expect(query.split('\n')).toEqual([
      'tell the team on chat',
      'tell the team on chat',
      'I see errors in the build log.',
      'the deploy failed',
    ]);
  });

  it('leaves out tool results and system prompts, and keeps assistant text after the request', () => {
    const query = conversationQuery(
      [
        { role: 'user', text: 'find the open incident' },
        { role: 'tool', text: '{"id": 42, "title": "db down"}' },
        { role: 'assistant', text: 'Incident 42 is the database outage.' },
      ],
      { lastUserWeight: 1 },
    );
    expect(query).toBe('find the open incident\nIncident 42 is the database outage.');
  });

  it('keeps the head and tail of a huge paste', () => {
    const paste = `please file a bug ${'x '.repeat(50_000)}with this stack trace`;
    const query = conversationQuery([{ role: 'user', text: paste }], { lastUserWeight: 1 });
    expect(query.length).toBeLessThanOrEqual(2001);
    expect(query.startsWith('please file a bug')).toBe(true);
    expect(query.endsWith('with this stack trace')).toBe(true);
  });

  it('limits context to recentTurns and trims each earlier turn', () => {
    const turns = Array.from({ length: 10 }, (_, i) => ({
      role: 'user' as const,
      text: `turn ${i} ${'y'.repeat(1000)}`,
    }));
    const parts = conversationQuery(turns, { recentTurns: 2, lastUserWeight: 1 }).split('\n');
    expect(parts).toHaveLength(3);
    expect(parts[1]!.startsWith('turn 8')).toBe(true);
    expect(parts[1]!.length).toBeLessThanOrEqual(401);
  });

  it('is empty when no user has spoken, and rejects bad options with a typed error', () => {
    expect(conversationQuery([{ role: 'assistant', text: 'hello' }])).toBe('');
    expect(conversationQuery([{ role: 'user', text: '   ' }])).toBe('');
    expect(() => conversationQuery([], { lastUserWeight: 0 })).toThrow(InvalidArgumentError);
    expect(() => conversationQuery('hi' as never)).toThrow(/array of \{ role, text \}/);
  });

  it('trimText collapses whitespace and keeps short text whole', () => {
    expect(trimText('  a\n\n b  ', 10)).toBe('a b');
    expect(trimText('abcdefghij', 5)).toBe('abc ij');
  });
});

describe('lastUserRequest', () => {
  it('is the last user message with words, trimmed, whatever came after it', () => {
    const turns = [
      { role: 'user' as const, text: 'the deploy failed' },
      { role: 'assistant' as const, text: 'Which service?' },
      { role: 'user' as const, text: '  did we   leak an API key?\n' },
      { role: 'tool' as const, text: '{"ok": true}' },
      { role: 'user' as const, text: '   ' },
      { role: 'assistant' as const, text: 'Let me search.' },
    ];
    expect(lastUserRequest(turns)).toBe('did we leak an API key?');
    expect(lastUserRequest(turns, 8)).toBe('did w ey?');
  });

  it('is undefined when no user has spoken, and rejects bad input with a typed error', () => {
    expect(lastUserRequest([{ role: 'assistant', text: 'hello' }])).toBeUndefined();
    expect(lastUserRequest([])).toBeUndefined();
    expect(() => lastUserRequest('hi' as never)).toThrow(/lastUserRequest\(turns\)/);
    expect(() => lastUserRequest([], 0)).toThrow(InvalidArgumentError);
  });
});
