import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { PluginError } from '../errors/plugin-error.js';
import type { ToolExample } from '../learning/tool-example.js';
import type { FusionV1 } from '../spec/fusion-v1.js';
import type { LearnCallV1, LearnerV1 } from '../spec/learner-v1.js';
import { overlapRanker, testFusion } from '../test-plugins.js';
import { pipe } from './pipe.js';

const tools = [
  { name: 'email_send', description: 'Send an email to a colleague' },
  { name: 'weather_forecast', description: 'Weather forecast for a city' },
  { name: 'chat_post', description: 'Post a message to a team channel' },
];

/** A learner that puts the tool last taught for a request first, and records what it is handed. */
function firstTaught(calls: LearnCallV1[] = [], catalogue: string[][] = []): LearnerV1 {
  return {
    specificationVersion: 'v1',
    id: 'taught',
    minDepth: 7,
    async doIndex(indexed) {
      const taught = new Map<string, string>();
      const names = new Set(indexed.map((tool) => tool.name));
      catalogue.push([...names]);
      return {
        async doRerank(call) {
          calls.push(call);
          const tool = taught.get(call.query);
          const fused = await call.fuse(Math.max(call.limit, 3));
          if (!tool || !names.has(tool))
            return { tools: fused.slice(0, call.limit), vouches: false };
          const first = { name: tool, score: 100, sources: { taught: { rank: 1, score: 1 } } };
          const rest = fused.filter((entry) => entry.name !== tool);
          return { tools: [first, ...rest].slice(0, call.limit), vouches: true };
        },
        async doLearn(examples: readonly ToolExample[]) {
          for (const example of examples) taught.set(example.query, example.tool);
        },
        async doForget(selector) {
          const before = taught.size;
          if ('all' in selector) taught.clear();
          return before - taught.size;
        },
        async doAdd(added) {
          for (const tool of added) names.add(tool.name);
        },
        async doRemove(removed) {
          for (const name of removed) names.delete(name);
        },
      };
    },
  };
}

const abstainingFusion: FusionV1 = { ...testFusion, doAbstain: () => 'nothing fits' };

describe('.learn(learner): learning as a pipeline stage', () => {
  it('hands the learner the request itself, every ranking and the fusion', async () => {
    const calls: LearnCallV1[] = [];
    const picker = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .fuse(testFusion)
      .learn(firstTaught(calls))
      .index(tools);
    await picker.select('send an email', { limit: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toBe('send an email');
    expect(calls[0]!.limit).toBe(1);
    expect(calls[0]!.rankings.map((source) => source.rankerId)).toEqual(['a', 'b']);
  });

  it('teaches through picker.learn() only, and a select then follows what it learnt', async () => {
    const picker = await pipe(overlapRanker()).learn(firstTaught()).index(tools);
    expect(picker.learns).toBe(true);
    const query = 'heads up everyone';
    await picker.learn([{ query, tool: 'chat_post' }]);
    const selection = await picker.select(query, { limit: 2 });
    expect(selection.picks[0]!.name).toBe('chat_post');
    expect(selection.picks[0]!.sources.taught).toEqual({ rank: 1, score: 1 });
    expect(await picker.forget({ all: true })).toBe(1);
  });

  it('does not abstain where the learner vouches for a tool, and does elsewhere', async () => {
    const picker = await pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }))
      .fuse(abstainingFusion)
      .learn(firstTaught())
      .index(tools);
    await picker.learn([{ query: 'ping the team', tool: 'chat_post' }]);
    expect((await picker.select('ping the team')).picks[0]!.name).toBe('chat_post');
    expect((await picker.select('the weather')).abstained).toBe('nothing fits');
  });

  it('keeps a scoped select within its scope whatever the learner taught', async () => {
    const picker = await pipe(overlapRanker()).learn(firstTaught()).index(tools);
    await picker.learn([{ query: 'post it', tool: 'chat_post' }]);
    const scoped = await picker.select('post it', { only: ['email_send', 'weather_forecast'] });
    expect(scoped.picks.map((pick) => pick.name)).not.toContain('chat_post');
  });

  it('tells the learner of tools added and removed', async () => {
    const picker = await pipe(overlapRanker()).learn(firstTaught()).index(tools);
    await picker.learn([{ query: 'ping', tool: 'chat_post' }]);
    const chat = picker.get('chat_post')!;
    await picker.remove(['chat_post']);
    expect((await picker.select('ping')).picks.map((pick) => pick.name)).not.toContain('chat_post');
    await picker.add([chat]);
    expect((await picker.select('ping')).picks[0]!.name).toBe('chat_post');
  });

  it('refuses what is not a learner, and names a learner whose answer is malformed', async () => {
    expect(() => pipe(overlapRanker()).learn(null as never)).toThrow(InvalidArgumentError);
    expect(() => pipe(overlapRanker()).learn({ ...firstTaught(), minDepth: 0 })).toThrow(
      /minDepth/,
    );
    const broken: LearnerV1 = {
      ...firstTaught(),
      async doIndex(indexed) {
        const index = await firstTaught().doIndex(indexed);
        return { ...index, doRerank: async () => ({ tools: 'x' }) as never };
      },
    };
    const picker = await pipe(overlapRanker()).learn(broken).index(tools);
    const error = await picker.select('send an email').catch((e: unknown) => e);
    expect(PluginError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/taught/);
  });
});
