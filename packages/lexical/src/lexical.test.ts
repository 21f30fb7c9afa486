import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';

/** A plain tool as users pass it (toTools() reads name, title, description, inputSchema). */
type PlainTool = { name: string; title?: string; description: string; inputSchema?: object };

const github: PlainTool[] = [
  { name: 'create_pull_request', description: 'Create a new pull request in a repository' },
  {
    name: 'update_pull_request_branch',
    description: 'Update a pull request branch with the latest changes from the base branch',
  },
  {
    name: 'update_pull_request_state',
    description: 'Update the state of a pull request (open or closed)',
  },
  { name: 'list_branches', description: 'List the branches of a repository' },
  { name: 'delete_branch', description: 'Delete a branch from a repository' },
  { name: 'get_issue', description: 'Get an issue of a repository by number' },
  {
    name: 'search_code',
    description: 'Search code across repositories',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'words to find in the code' } },
    },
  },
];

describe('lexical()', () => {
  it('puts the tool a request spells first, through action-verb synonyms', async () => {
    const picker = await lexical().index(github);
    const first = async (query: string) => (await picker.select(query, { limit: 3 })).picks[0]!;
    expect((await first('make a pull request')).name).toBe('create_pull_request');
    expect((await first('remove the old branch')).name).toBe('delete_branch');
    expect((await first('show me the branches')).name).toBe('list_branches');
    expect(Object.keys((await first('make a pull request')).sources).sort()).toEqual([
      'bigrams',
      'bm25',
      'name',
      'opening',
      'pieces',
      'tfidf',
    ]);
  });

  it('packs into the token budget unless maxTokens is false', async () => {
    const packed = await lexical({ maxTokens: 60 }).index(github);
    const selection = await packed.select('pull request branch', { limit: 5 });
    expect(selection.totalTokens).toBeLessThanOrEqual(60);
    expect(selection.dropped.length).toBeGreaterThan(0);
    const unpacked = await lexical({ maxTokens: false }).index(github);
    const all = await unpacked.select('pull request branch', { limit: 5 });
    expect(all.totalTokens).toBeUndefined();
    expect(all.picks.length).toBeGreaterThan(selection.picks.length);
  });

  it('rejects a bad budget with InvalidArgumentError saying what to pass', () => {
    for (const maxTokens of [0, -5, 1.5, Number.NaN, '4000' as never]) {
      expect(() => lexical({ maxTokens })).toThrow(InvalidArgumentError);
    }
    expect(() => lexical({ maxTokens: 0 })).toThrow(/positive integer .* or false/);
    expect(() => lexical(null as never)).toThrow(InvalidArgumentError);
  });
});
