import { bm25 } from '@shortlist/bm25';
import { pipe, type RankerV1, semantic } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { lexicalEmbedder, tfidf } from '@shortlist/tfidf';
import { badSelection, namesOf, ordinaryTools } from '../catalogue.js';
import type { HostileCase } from '../hostile-case.js';

const names = ordinaryTools.map((tool) => tool.name);
const turns = (n: number) => {
  let chain = Promise.resolve();
  for (let i = 0; i < n; i++) chain = chain.then(() => new Promise((r) => setImmediate(r)));
  return chain;
};

/** Item 3: a select racing remove() and add(), with the mutation landing after 0–9 turns. */
export const raceCases: HostileCase[] = Array.from(
  { length: 10 },
  (_, delay): HostileCase => ({
    item: 3,
    name: `select() while remove() and add() land after ${delay} turns`,
    wants: 'answer',
    run: async () => {
      const embedder = lexicalEmbedder({ dimensions: 128 });
      const picker = await pipe(bm25(), tfidf(), semantic({ embedder }))
        .fuse(rrf())
        .index(ordinaryTools);
      const selections = [];
      for (let round = 0; round < 8; round++) {
        const selecting = picker.select('email a person', { limit: 5 });
        await turns(delay);
        await picker.remove(['send_email']);
        const again = picker.select('email a person', { limit: 5 });
        await picker.add([ordinaryTools[0]!]);
        selections.push(await selecting, await again);
      }
      return selections;
    },
    check: (answer) => {
      for (const selection of answer as unknown[]) {
        const wrong = badSelection(selection, names, 5);
        if (wrong) return wrong;
        if (!namesOf(selection).includes('search_email')) return 'search_email went missing';
      }
      return undefined;
    },
  }),
);

/** A bm25 ranker whose index fails its next doAdd or doRemove, part-way through. */
function failingOnce(kind: 'add' | 'remove'): RankerV1 & { arm(): void } {
  const inner = bm25({ id: 'fragile' });
  let armed = false;
  return {
    ...inner,
    arm: () => {
      armed = true;
    },
    async doIndex(tools, options) {
      const index = await inner.doIndex(tools, options);
      return {
        get size() {
          return index.size;
        },
        doRank: (query, rankOptions) => index.doRank(query, rankOptions),
        async doAdd(added, addOptions) {
          await index.doAdd!(added.slice(0, 1), addOptions);
          if (armed && kind === 'add') {
            armed = false;
            throw new Error('disk full');
          }
          await index.doAdd!(added.slice(1), addOptions);
        },
        async doRemove(removed, removeOptions) {
          await index.doRemove!(removed.slice(0, 1), removeOptions);
          if (armed && kind === 'remove') {
            armed = false;
            throw new Error('disk full');
          }
          await index.doRemove!(removed.slice(1), removeOptions);
        },
      };
    },
  };
}

const extra = [
  { name: 'archive_email', description: 'Archive an email thread' },
  { name: 'forward_email', description: 'Forward an email' },
];

/** Item 4: add() and remove() failing in one ranker leave every ranker as it was; the retry works. */
export const atomicCases: HostileCase[] = (['add', 'remove'] as const).map(
  (kind): HostileCase => ({
    item: 4,
    name: `${kind}() failing in one of three rankers, then retried`,
    wants: 'answer',
    run: async () => {
      const fragile = failingOnce(kind);
      const start = kind === 'add' ? ordinaryTools : [...ordinaryTools, ...extra];
      const picker = await pipe(bm25(), fragile, tfidf()).fuse(rrf()).index(start);
      fragile.arm();
      const change = () =>
        kind === 'add' ? picker.add(extra) : picker.remove(extra.map((tool) => tool.name));
      const failed = await change().then(
        () => 'no failure',
        () => 'failed',
      );
      const sizeAfterFailure = picker.size;
      const rankings = await picker.rankings('archive forward email', { limit: 20 });
      await change();
      return { failed, sizeAfterFailure, start: start.length, rankings, size: picker.size };
    },
    check: (answer) => {
      const a = answer as {
        failed: string;
        sizeAfterFailure: number;
        start: number;
        rankings: { rankerId: string; ranking: { name: string }[] }[];
        size: number;
      };
      if (a.failed !== 'failed') return 'the armed ranker did not fail';
      if (a.sizeAfterFailure !== a.start) return 'the catalogue changed although a ranker failed';
      for (const source of a.rankings) {
        const has = source.ranking.some((entry) => entry.name === 'archive_email');
        if (has !== (kind === 'remove')) return `${source.rankerId} kept a half-applied ${kind}`;
      }
      const expected = kind === 'add' ? a.start + 2 : a.start - 2;
      return a.size === expected ? undefined : `the retry left ${a.size} tools, not ${expected}`;
    },
  }),
);
