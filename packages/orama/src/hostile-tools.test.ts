import { pipe, toTools } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { orama } from './orama.js';

/** The i-th made-up word of letters only, so each parameter name is one distinct term. */
const word = (i: number): string => {
  let text = '';
  for (let n = i + 26 * 27; n > 0; n = Math.floor(n / 26))
    text += String.fromCharCode(97 + (n % 26));
  return `zq${text}`;
};

describe('orama() under hostile input', () => {
  it('indexes a tool with 20,000 distinct parameter names in linear time, and finds it', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, i) => [word(i), { type: 'string' }]),
    );
    const tools = toTools([
      {
        name: 'wide',
        description: 'A tool with very many parameters',
        parameters: { type: 'object', properties },
      },
      { name: 'send_email', description: 'Send an email' },
    ]);
    // Orama's own term counting took 26 s here (quadratic); the test timeout catches a regression.
    const index = await orama().doIndex(tools);
    expect((await index.doRank(word(4321), { limit: 2 }))[0]?.name).toBe('wide');
    expect((await index.doRank('send email', { limit: 2 }))[0]?.name).toBe('send_email');
  });

  it('matches a one-letter term as itself when it begins tens of thousands of parameter names', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, i) => [`x${word(i)}`, { type: 'string' }]),
    );
    const index = await orama().doIndex(
      toTools([
        {
          name: 'wide',
          description: 'Many parameters',
          parameters: { type: 'object', properties },
        },
        { name: 'axis_x', description: 'Moves along the x axis' },
      ]),
    );
    // As a prefix "x" reaches all 20,001 terms; matched as a whole term it finds axis_x alone.
    expect(await index.doRank('x', { limit: 5 })).toEqual([
      { name: 'axis_x', score: expect.any(Number) },
    ]);
    // A narrower prefix still reaches the parameter names it begins.
    expect((await index.doRank(`x${word(7)}`.slice(0, 5), { limit: 5 }))[0]?.name).toBe('wide');
  });

  it('answers select() with a limit of a billion on a two-tool catalogue', async () => {
    const picker = await pipe(orama()).index([
      { name: 'send_email', description: 'Send an email' },
      { name: 'search_email', description: 'Search email' },
    ]);
    const selection = await picker.select('email', { limit: 1e9 });
    expect(selection.tools.map((tool) => tool.name).sort()).toEqual(['search_email', 'send_email']);
  });
});
