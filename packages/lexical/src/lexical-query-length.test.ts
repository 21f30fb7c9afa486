import { MAX_QUERY_CHARACTERS, MAX_QUERY_WORDS } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';

const tools = [
  { name: 'delete_branch', description: 'Delete a branch from a repository' },
  { name: 'list_branches', description: 'List the branches of a repository' },
  { name: 'get_issue', description: 'Get an issue of a repository by number' },
];

describe('lexical() under the query-length policy', () => {
  it('ranks a 100,000-word paste by its head and says what was cut', async () => {
    const picker = await lexical().index(tools);
    const head = `delete the old branch ${'please '.repeat(MAX_QUERY_WORDS - 4)}`.trimEnd();
    const paste = `${head} ${'list issues by number '.repeat(25_000)}`;
    const selection = await picker.select(paste, { limit: 1 });
    expect(selection.truncated).toEqual({
      characters: paste.length - head.length - 1,
      words: 100_000,
    });
    expect(selection.picks[0]?.name).toBe('delete_branch');
    expect((await picker.select(head, { limit: 1 })).picks[0]?.name).toBe('delete_branch');
    // One enormous word keeps its first MAX_QUERY_CHARACTERS characters.
    const word = await picker.select(`branch${'x'.repeat(1_000_000)}`, { limit: 1 });
    expect(word.truncated).toEqual({ characters: 1_000_006 - MAX_QUERY_CHARACTERS, words: 0 });
  });
});
