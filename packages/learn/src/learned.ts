import {
  type ExampleChange,
  type ExampleStore,
  InvalidArgumentError,
  type RankerV1,
  type ToolExample,
} from '@shortlist/core';
import {
  compareRanked,
  type RankedTool,
  type RankerIndexV1,
  throwIfAborted,
} from '@shortlist/core/kit';
import { createExampleMemory } from './example-memory.js';
import type { LearnedOptions } from './learned-options.js';
import { rankingContexts } from './ranking-context.js';
import { createTrustLedger, type TrustLedger } from './trust-ledger.js';

type FullStore = Required<Pick<ExampleStore, 'addExamples' | 'readExamples' | 'subscribe'>> &
  ExampleStore;

const fail = (option: string, expected: string, got: unknown): never => {
  throw new InvalidArgumentError({
    argument: `learned(options.${option})`,
    expected,
    message: `learned(options.${option}) must be ${expected}, got ${String(got)}`,
  });
};

const checkStore = (store: unknown): FullStore => {
  const methods = ['addExamples', 'readExamples', 'subscribe'] as const;
  const missing =
    typeof store === 'object' && store !== null
      ? methods.filter((name) => typeof (store as Record<string, unknown>)[name] !== 'function')
      : methods;
  if (missing.length > 0) {
    throw new InvalidArgumentError({
      argument: 'learned(options.store)',
      expected: 'an example store with addExamples, readExamples and subscribe',
      message: `learned(options.store) lacks ${missing.join(', ')}; pass memoryExampleStore() from @shortlist/core, fileExampleStore() from @shortlist/learn/node or redisExampleStore() from @shortlist/redis`,
    });
  }
  return store as FullStore;
};

/** Feedback on selects this index answered, grouped by request, for the trust ledger. */
const judge = (ledger: TrustLedger, examples: readonly ToolExample[]): void => {
  const byQuery = new Map<string, { helpful: Set<string>; unhelpful: Set<string> }>();
  for (const { query, tool, helpful } of examples) {
    let verdict = byQuery.get(query);
    if (!verdict) {
      verdict = { helpful: new Set(), unhelpful: new Set() };
      byQuery.set(query, verdict);
    }
    (helpful === false ? verdict.unhelpful : verdict.helpful).add(tool);
  }
  for (const [query, verdict] of byQuery) ledger.judge(query, verdict.helpful, verdict.unhelpful);
};

const inRange = (value: unknown, low: number, high: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= low && value <= high;

/**
 * A ranker that learns from use: ranks the tools that served the requests nearest the query,
 * each vote weighed by similarity, and its scores carry how much evidence there is (the learned
 * share), so `withLearning()` lets it move a ranking only as far as its examples warrant.
 * Tools no near example names are absent from its rankings.
 */
export function learned(options: LearnedOptions): RankerV1 {
  if (typeof options !== 'object' || options === null)
    fail('', 'an options object with a store', options);
  const store = checkStore(options.store);
  const id = options.id ?? 'learned';
  if (typeof id !== 'string' || id === '') fail('id', 'a non-empty string', id);
  const neighbours = options.neighbours ?? 20;
  if (!Number.isSafeInteger(neighbours) || neighbours < 1 || neighbours > 1000) {
    fail('neighbours', 'an integer from 1 to 1000', neighbours);
  }
  const minSimilarity = options.minSimilarity ?? 0.1;
  if (!inRange(minSimilarity, 0, 1)) fail('minSimilarity', 'a number from 0 to 1', minSimilarity);
  const sharpness = options.sharpness ?? 2;
  if (!inRange(sharpness, 0.1, 10)) fail('sharpness', 'a number from 0.1 to 10', sharpness);
  const evidence = options.evidence ?? 0.1;
  if (!inRange(evidence, 1e-6, 1e6)) fail('evidence', 'a positive number', evidence);
  const settings = { neighbours, minSimilarity, sharpness };

  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const names = new Set(tools.map((tool) => tool.name));
      const memory = createExampleMemory();
      memory.describe(tools);
      const ledger = createTrustLedger();
      // Changes that arrive while the store is read are replayed after it, in order.
      let pending: ExampleChange[] | undefined = [];
      const apply = (change: ExampleChange): void => {
        if (change.type === 'added') memory.add(change.examples);
        else if (change.type === 'dropped') memory.drop(change.examples);
        else if (change.type === 'forgot') memory.forget(change.selector);
        else reload().catch(() => undefined); // a failed re-read keeps what was known
      };
      const reload = async (): Promise<void> => {
        const all = await store.readExamples();
        memory.forget({ all: true });
        memory.add(all);
      };
      const unsubscribe = store.subscribe((change) => {
        if (pending) pending.push(change);
        else apply(change);
      });
      try {
        memory.add(await store.readExamples(callOptions));
      } catch (error) {
        unsubscribe();
        throw error;
      }
      const replay = pending;
      pending = undefined;
      for (const change of replay) if (change.type !== 'added') apply(change);
      // Added examples heard during the read are in what was read, or come after it.
      for (const change of replay) if (change.type === 'added') memory.add(change.examples);

      const index: RankerIndexV1 = {
        get size() {
          return names.size;
        },
        doRank(query, { limit, signal }) {
          throwIfAborted(signal);
          const votes = memory.votes(query, settings, (tool) => names.has(tool));
          // The learned share comes from learnt examples only; descriptions shape the votes.
          let total = 0;
          let mass = 0;
          let same = 0;
          for (const vote of votes) {
            if (vote.vote > 0) total += vote.vote;
            if (vote.learnt > 0) mass += vote.learnt;
            if (vote.same > 0) same += vote.same;
          }
          const share = mass / (mass + evidence);
          // The request asked again counts in full; a similar one as far as learning earned trust.
          const trustedShare =
            mass > 0 ? (share * (same + ledger.trust() * (mass - same))) / mass : 0;
          const ranking: RankedTool[] = votes.map(({ tool, vote }) => ({
            name: tool,
            // Helpful votes as their part of the learned share; unhelpful ones as they are.
            score: vote > 0 ? (share * vote) / total : vote,
          }));
          ranking.sort(compareRanked);
          const result = ranking.length > limit ? ranking.slice(0, limit) : ranking;
          if (result.length > 0) rankingContexts.set(result, { query, ledger, trustedShare });
          return result;
        },
        async doAdd(tools) {
          for (const tool of tools) names.add(tool.name);
          memory.describe(tools);
        },
        async doRemove(removed) {
          for (const name of removed) names.delete(name);
          memory.undescribe(removed);
        },
        async doLearn(examples, learnOptions) {
          judge(ledger, examples);
          // The store tells every index that subscribed, this one included, before it resolves.
          await store.addExamples(examples, learnOptions);
        },
        async doForget(selector, forgetOptions) {
          if (!store.forgetExamples) {
            throw new InvalidArgumentError({
              argument: 'forget()',
              expected: 'a store with forgetExamples',
              message: `forget(): the example store of ranker "${id}" cannot forget; use a store from Shortlist or add forgetExamples to yours`,
            });
          }
          return store.forgetExamples(selector, forgetOptions);
        },
        doDispose: unsubscribe,
      };
      return index;
    },
  };
}
