import { InvalidArgumentError, type LearnerV1, type ToolExample } from '@shortlist/core';
import {
  compareRanked,
  type LearnerIndexV1,
  MAX_EXAMPLE_QUERY_LENGTH,
  type RankedTool,
  throwIfAborted,
} from '@shortlist/core/kit';
import { blend } from './blend.js';
import { createExampleMemory } from './example-memory.js';
import { type FollowedStore, followStore } from './follow-store.js';
import type { LearnedOptions } from './learned-options.js';
import { encodeExample, encodeSelector, encodeSource } from './request-form.js';
import { createSourceReputation, type SourceReputation } from './source-reputation.js';
import { createTrustLedgers, type TrustLedgers } from './trust-ledgers.js';

const fail = (option: string, expected: string, got: unknown): never => {
  throw new InvalidArgumentError({
    argument: `learned(options.${option})`,
    expected,
    message: `learned(options.${option}) must be ${expected}, got ${String(got)}`,
  });
};

const checkStore = (store: unknown): FollowedStore => {
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
  return store as FollowedStore;
};

/** Feedback on selects this index answered, grouped by asker and request, for trust and standing. */
const judge = (
  ledgers: TrustLedgers,
  reputation: SourceReputation,
  examples: readonly ToolExample[],
  sourceId: (source: string | undefined) => number | undefined,
): void => {
  const byRequest = new Map<
    string,
    { query: string; asker: string | undefined; helpful: Set<string>; unhelpful: Set<string> }
  >();
  for (const { query, tool, helpful, source } of examples) {
    const asker = encodeSource(source);
    const key = selectKey(asker, query);
    let verdict = byRequest.get(key);
    if (!verdict) {
      verdict = { query, asker, helpful: new Set(), unhelpful: new Set() };
      byRequest.set(key, verdict);
    }
    (helpful === false ? verdict.unhelpful : verdict.helpful).add(tool);
  }
  for (const [key, { query, asker, helpful, unhelpful }] of byRequest) {
    ledgers.judge(asker, query, helpful, unhelpful);
    reputation.judge(key, helpful, unhelpful, sourceId(asker));
  }
};

/** One asker's select of a request, as feedback names it (cut as an example's query is). */
const selectKey = (asker: string | undefined, query: string): string =>
  `${asker ?? ''}\u0000${query.slice(0, MAX_EXAMPLE_QUERY_LENGTH)}`;

const inRange = (value: unknown, low: number, high: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= low && value <= high;

/** How many of the fused ranking's first tools must all have been refused for a request to abstain. */
const REFUSED_HEAD = 3;

/**
 * Why no tool fits, when this very request (in other words or the same) was answered "not
 * helpful" for each of the fused ranking's first tools and nothing learnt was helpful: asked
 * again, the next tools down would only be worse guesses.
 */
function refusedHead(
  votes: readonly { tool: string; same: number }[],
  fused: readonly { name: string }[],
  limit: number,
  helpfulMass: number,
): string | undefined {
  if (helpfulMass > 0) return undefined;
  const refused = new Set(votes.filter((vote) => vote.same < 0).map((vote) => vote.tool));
  const head = fused.slice(0, Math.min(REFUSED_HEAD, limit));
  if (head.length === 0 || !head.every((tool) => refused.has(tool.name))) return undefined;
  return `the tools offered for this request before (${[...refused].slice(0, 5).join(', ')}) were all marked unhelpful: no tool fits it; answer without a tool or ask the user`;
}

/**
 * The base tools whose scores make the base distribution. A fixed head, never the whole depth,
 * so a tool's blended score is the same at any `limit` (the first L picks at `limit: L` are the
 * first L at any larger limit); rankers are asked at least this deep.
 */
const BASE_HEAD = 40;

/**
 * Learning from use, as a pipeline stage: `pipe(...).fuse(...).learn(learned({ store }))`. The
 * requests nearest a query vote for the tools that served them (each vote weighed by
 * similarity), and the fused ranking moves only as far as their evidence, and the trust learning
 * earned on this agent's own traffic, warrant: with no near example it is the fused ranking exactly.
 */
export function learned(options: LearnedOptions): LearnerV1 {
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
  const positive = (name: 'temperature' | 'learnedFloor' | 'unhelpfulWeight', fallback: number) => {
    const value = options[name] ?? fallback;
    if (!inRange(value, Number.MIN_VALUE, Number.MAX_VALUE)) fail(name, 'a positive number', value);
    return value;
  };
  const blending = {
    id,
    head: BASE_HEAD,
    temperature: positive('temperature', 1),
    learnedFloor: positive('learnedFloor', 0.05),
    unhelpfulWeight: positive('unhelpfulWeight', 5),
  };
  const settings = { neighbours, minSimilarity, sharpness };

  return {
    specificationVersion: 'v1',
    id,
    minDepth: BASE_HEAD,
    async doIndex(tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const catalogue = new Map(tools.map((tool) => [tool.name, tool]));
      const memory = createExampleMemory();
      // Descriptions are indexed once there is an example to weigh them against: a picker
      // that never learns pays nothing for learning at index time.
      let described = false;
      const describe = (): void => {
        if (described || memory.size === 0) return;
        described = true;
        memory.describe([...catalogue.values()]);
      };
      const ledgers = createTrustLedgers();
      const reputation = createSourceReputation();
      const unfollow = await followStore(store, memory, callOptions);

      const index: LearnerIndexV1 = {
        async doRerank({ query, limit, only, signal, source, fuse }) {
          throwIfAborted(signal);
          const known = only
            ? (tool: string) => catalogue.has(tool) && only.has(tool)
            : (tool: string) => catalogue.has(tool);
          if (memory.size === 0) return { tools: await fuse(limit), vouches: false };
          describe();
          const asker = encodeSource(source);
          const votes = memory.votes(query, settings, known, asker, reputation.standing);
          if (votes.length === 0) return { tools: await fuse(limit), vouches: false };
          // The learned share comes from learnt examples only; descriptions shape the votes.
          let total = 0;
          let mass = 0;
          let same = 0;
          let others = 0;
          for (const vote of votes) {
            if (vote.vote > 0) total += vote.vote;
            if (vote.learnt > 0) mass += vote.learnt;
            if (vote.same > 0) same += vote.same;
            if (vote.others > 0) others += vote.others;
          }
          const share = mass / (mass + evidence);
          // The asker's own request asked again counts in full, a similar one of its own as far as
          // its feedback earned trust; other sources' votes came weighed by their standing.
          const own = mass - others;
          const weighed = same + ledgers.own(asker) * Math.max(0, own - same) + others;
          const trusted = mass > 0 ? (share * weighed) / mass : 0;
          const ranking: RankedTool[] = votes.map(({ tool, vote }) => ({
            name: tool,
            // Helpful votes as their part of the learned share; unhelpful ones as they are.
            score: vote > 0 ? (share * vote) / total : vote,
          }));
          ranking.sort(compareRanked);
          // Tools the examples do not name keep the fused order among themselves, so below the
          // head only the first `limit` + (named tools) of them can still make the picks.
          const fused = await fuse(Math.max(BASE_HEAD, limit + ranking.length));
          const refused = refusedHead(votes, fused, limit, mass);
          const blended = blend(fused, ranking, Math.min(share, trusted), limit, blending);
          // The ranking stays for a caller who turns abstention off (`abstain: 'never'`).
          if (refused) return { tools: blended.tools, vouches: false, abstained: refused };
          ledgers.remember(asker, query, fused[0]?.name, blended.fullFirst);
          const voters = new Map<string, readonly number[]>();
          for (const vote of votes) if (vote.voters.length > 0) voters.set(vote.tool, vote.voters);
          reputation.remember(selectKey(asker, query), blended.fullFirst, voters);
          return { tools: blended.tools, vouches: ranking.some((tool) => tool.score > 0) };
        },
        async doAdd(added) {
          for (const tool of added) catalogue.set(tool.name, tool);
          if (described) memory.describe(added);
        },
        async doRemove(removed) {
          for (const name of removed) catalogue.delete(name);
          if (described) memory.undescribe(removed);
        },
        async doLearn(examples, learnOptions) {
          judge(ledgers, reputation, examples, (source) => memory.sourceId(source));
          // Stores keep requests as hashed words, never the text. The store tells every index
          // that follows it, this one included, before it resolves.
          await store.addExamples(examples.map(encodeExample), learnOptions);
        },
        async doForget(selector, forgetOptions) {
          if (!store.forgetExamples) {
            throw new InvalidArgumentError({
              argument: 'forget()',
              expected: 'a store with forgetExamples',
              message: `forget(): the example store of learner "${id}" cannot forget; use a store from Shortlist or add forgetExamples to yours`,
            });
          }
          const dropped = await store.forgetExamples(encodeSelector(selector), forgetOptions);
          // Requests an older version kept in plain text are matched as they are.
          const plain =
            ('query' in selector || 'queryContains' in selector) && memory.plainText > 0;
          return plain ? dropped + (await store.forgetExamples(selector, forgetOptions)) : dropped;
        },
        doDispose: unfollow,
      };
      return index;
    },
  };
}
