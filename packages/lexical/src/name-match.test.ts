import { CorruptDataError, InvalidArgumentError, pipe, toTools } from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { nameMatch } from './name-match.js';
import type { NameMatchOptions } from './name-match-options.js';

/** A plain tool as users pass it (toTools() reads name, title, description, inputSchema). */
type PlainTool = { name: string; title?: string; description: string; inputSchema?: object };

const github: PlainTool[] = [
  { name: 'create_pull_request', description: 'Create a new pull request in a repository' },
  {
    name: 'update_pull_request_branch',
    description: 'Update a pull request branch with the latest changes from the base branch',
  },
  { name: 'update_pull_request_state', description: 'Open or close a pull request' },
  { name: 'list_branches', description: 'List the branches of a repository' },
  { name: 'delete_branch', description: 'Delete a branch' },
];

async function names(query: string, options?: NameMatchOptions, tools = github) {
  const picker = await pipe(nameMatch(options)).index(tools);
  const { picks } = await picker.select(query, { limit: 5 });
  return picks.map((pick) => pick.name);
}

describe('nameMatch', () => {
  it('ranks the tool whose name the request spells first, with verb synonyms', async () => {
    const ranked = await names('open a pull request for my branch');
    expect(ranked[0]).toBe('create_pull_request');
  });

  it('without verb folding, the longer name sharing more words wins instead', async () => {
    const ranked = await names('open a pull request for my branch', { verbs: false });
    expect(ranked[0]).toBe('update_pull_request_branch');
  });

  it('folds inflected verbs: "removing" matches delete, "show" matches list', async () => {
    expect((await names('removing the branch'))[0]).toBe('delete_branch');
    expect((await names('show branches'))[0]).toBe('list_branches');
  });

  it('counts words in the name order above the same words scattered', async () => {
    const tools: PlainTool[] = [
      { name: 'price_stock', description: '' },
      { name: 'stock_price', description: '' },
    ];
    const picker = await pipe(nameMatch()).index(tools);
    const ranking = await picker.rankings('current stock price', { limit: 2 });
    const [first, second] = ranking[0]!.ranking;
    expect(first!.name).toBe('stock_price');
    expect(first!.score).toBeGreaterThan(second!.score);
  });

  it('matches the MCP title when the name is opaque, unless titles are off', async () => {
    const tools: PlainTool[] = [
      { name: 'ghpr', title: 'Create pull request', description: '' },
      { name: 'pull_request_reviews', description: '' },
    ];
    expect((await names('create a pull request', {}, tools))[0]).toBe('ghpr');
    expect(await names('create a pull request', { titles: false }, tools)).toEqual([
      'pull_request_reviews',
    ]);
  });

  it('drops names the request covers less than minCoverage of', async () => {
    expect(await names('branch', { minCoverage: 0.6 })).toEqual([]);
    expect(await names('delete branch', { minCoverage: 0.6 })).toEqual(['delete_branch']);
  });

  it('gates at minCoverage exactly, a name covered at exactly the share included', async () => {
    // Every word occurs in one name only, so coverage is the share of a name's words used.
    const tools: PlainTool[] = [
      { name: 'alpha_beta', description: '' },
      { name: 'gamma_delta_epsilon', description: '' },
      { name: 'zeta', description: '' },
      { name: 'eta_theta', description: '' },
    ];
    const gated = await names('alpha gamma zeta', { minCoverage: 0.5 }, tools);
    expect([...gated].sort()).toEqual(['alpha_beta', 'zeta']);
    const picker = await pipe(nameMatch()).index(tools);
    const all = (await picker.rankings('alpha gamma zeta', { limit: 10 }))[0]!.ranking;
    expect(all.map((entry) => entry.name)).toEqual(['zeta', 'alpha_beta', 'gamma_delta_epsilon']);
  });

  it('rejects bad options with InvalidArgumentError', () => {
    expect(() => nameMatch({ minCoverage: 2 })).toThrow(InvalidArgumentError);
    expect(() => nameMatch({ id: ' ' })).toThrow(/id must be a non-empty string/);
    expect(() => nameMatch({ verbs: 'yes' as never })).toThrow(InvalidArgumentError);
    expect(() => nameMatch({ stopwords: 3 as never })).toThrow(InvalidArgumentError);
  });
});

describe('nameMatch snapshots', () => {
  const titled: PlainTool[] = [
    ...github,
    { name: 'x7_q', title: 'Merge pull request', description: 'Merge a pull request' },
  ];
  const queries = ['open a pull request', 'merge the pull request', 'remove the branch', 'x7'];

  it('restores to the rankings of a fresh index, titles and minCoverage included', async () => {
    for (const options of [{}, { minCoverage: 0.5 }, { verbs: false, titles: false }]) {
      const fresh = await pipe(nameMatch(options)).index(titled);
      const restored = await pipe(nameMatch(options)).restore(titled, fresh.snapshot());
      for (const query of queries) {
        const [a, b] = await Promise.all([fresh.select(query), restored.select(query)]);
        expect(b.picks, query).toEqual(a.picks);
      }
    }
  });

  it('refuses a snapshot of another analysis or another catalogue with CorruptDataError', async () => {
    const { snapshot } = await pipe(nameMatch()).index(titled);
    const bytes = snapshot().name!;
    const other = [
      nameMatch({ verbs: false }),
      nameMatch({ titles: false }),
      nameMatch({ stopwords: false }),
    ];
    for (const ranker of other) {
      await expect(pipe(ranker).restore(titled, { name: bytes })).rejects.toThrow(
        /another analysis/,
      );
    }
    // minCoverage applies when the index opens, so it may differ.
    await expect(
      pipe(nameMatch({ minCoverage: 0.9 })).restore(titled, { name: bytes }),
    ).resolves.toBeDefined();
    // A ranker given other tools refuses (the pipeline, seeing the stamp differ, re-indexes).
    const own = (await nameMatch().doIndex(toTools(titled))).doSnapshot!();
    const fewer = nameMatch().doRestore!(own, toTools(titled.slice(1)));
    await expect(fewer).rejects.toSatisfy(CorruptDataError.isInstance);
  });

  it('refuses a well-formed snapshot whose names or words repeat, whose words are not strings or whose word ids stray', async () => {
    const ranker = nameMatch();
    const index = await ranker.doIndex(toTools(titled));
    const content = decodeSnapshot(index.doSnapshot!(), { kind: 'name-match', formatVersion: 1 });
    const meta = content.meta as { names: string[]; words: string[] };
    const rewritten = (change: { names?: string[]; words?: string[]; wordIds?: Int32Array }) =>
      encodeSnapshot({
        ...content,
        meta: { ...meta, names: change.names ?? meta.names, words: change.words ?? meta.words },
        arrays: [content.arrays[0]!, content.arrays[1]!, change.wordIds ?? content.arrays[2]!],
      });
    const tools = toTools(titled);
    expect(await ranker.doRestore!(rewritten({}), tools)).toBeDefined();
    const names = [...meta.names];
    names[1] = names[0]!;
    const words = [...meta.words];
    words[1] = words[0]!;
    const wordIds = (content.arrays[2] as Int32Array).slice();
    wordIds[0] = meta.words.length;
    for (const [change, why] of [
      [{ names }, /is not among the tools, or repeats/],
      [{ words }, /words repeat/],
      [{ words: [1, 2] as unknown as string[] }, /word list is malformed/],
      [{ wordIds }, /out of range/],
    ] as const) {
      await expect(ranker.doRestore!(rewritten(change), tools)).rejects.toThrow(why);
    }
  });
});
