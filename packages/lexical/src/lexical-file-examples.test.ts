import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileExampleStore } from '@shortlist/learn/node';
import { afterAll, expect, it } from 'vitest';
import { lexical } from './lexical.js';

const dir = mkdtempSync(join(tmpdir(), 'shortlist-lexical-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tools = [
  { name: 'create_pull_request', description: 'Create a new pull request in a repository' },
  { name: 'merge_pull_request', description: 'Merge a pull request into its base branch' },
  { name: 'list_branches', description: 'List the branches of a repository' },
  { name: 'delete_branch', description: 'Delete a branch from a repository' },
  { name: 'get_issue', description: 'Get an issue of a repository by number' },
  { name: 'create_issue', description: 'Open a new issue in a repository' },
  { name: 'search_code', description: 'Search code across repositories' },
  { name: 'list_commits', description: 'List the commits of a branch' },
];

const queries = [
  'ship my changes for review',
  'tidy up stale work',
  'what changed lately',
  'report a bug',
  'find where the parser lives',
  'delete the old branch',
  'show me the branches',
];

/** Each query's picks as names and scores, in order: what a restart must not change. */
async function picksOf(path: string) {
  const store = fileExampleStore(path);
  const picker = await lexical({ examples: store }).index(tools);
  return {
    picker,
    store,
    picks: async () => {
      const out: { name: string; score: number }[][] = [];
      for (const query of queries) {
        const { picks } = await picker.select(query, { limit: 3 });
        out.push(picks.map((pick) => ({ name: pick.name, score: pick.score })));
      }
      return out;
    },
  };
}

it('picks exactly the same after a restart as before it, from examples kept in a file', async () => {
  const path = join(dir, 'examples.jsonl');
  const first = await picksOf(path);
  const untaught = await first.picks();
  await first.picker.learn([
    { query: 'ship my changes for review', tool: 'create_pull_request' },
    { query: 'ship these changes', tool: 'create_pull_request' },
    { query: 'tidy up stale work', tool: 'delete_branch' },
    { query: 'what changed lately', tool: 'list_commits' },
    { query: 'what changed this week', tool: 'list_commits' },
    { query: 'report a bug', tool: 'create_issue' },
    { query: 'find where the parser lives', tool: 'search_code' },
    { query: 'find where the parser lives', tool: 'list_branches', helpful: false },
  ]);
  const taught = await first.picks();
  // Learning moved the picks, so an example lost in the restart would show.
  expect(taught).not.toEqual(untaught);
  first.picker.dispose();
  await first.store.close();

  const second = await picksOf(path);
  expect(await second.picks()).toEqual(taught);
  second.picker.dispose();
  await second.store.close();
});
