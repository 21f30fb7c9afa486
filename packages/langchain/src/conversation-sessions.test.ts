import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { expect, it } from 'vitest';
import { conversationSessions } from './conversation-sessions.js';

it('keeps one session per conversation and forgets the least recently active past the cap', async () => {
  const picker = await pipe(bm25()).index([
    { name: 'send_email', description: 'Send an email.' },
    { name: 'get_weather', description: 'Weather for a city.' },
  ]);
  const sessions = conversationSessions(picker, {}, 2);
  const a = sessions.get('a');
  await a.session.offer('send an email');
  expect(sessions.get('a')).toBe(a);
  const b = sessions.get('b');
  sessions.get('a'); // a is now the most recent
  sessions.get('c'); // evicts b
  expect(sessions.get('a')).toBe(a);
  expect(sessions.get('a').session.offered).toEqual(['send_email']);
  expect(sessions.get('b')).not.toBe(b);
});
