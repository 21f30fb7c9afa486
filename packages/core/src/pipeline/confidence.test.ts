import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { PluginError } from '../errors/plugin-error.js';
import type { ConfidenceInput, FusionV1 } from '../spec/fusion-v1.js';
import { lengthPacker, overlapRanker, testFusion } from '../test-plugins.js';
import { pipe } from './pipe.js';

const tools = [
  { name: 'email_send', description: 'Send an email to a colleague' },
  { name: 'weather_forecast', description: 'Weather forecast for a city' },
  { name: 'email_archive', description: 'Archive an email' },
];

/** testFusion, confident in proportion to the words its first pick shares (1 → 0.25, 2 → 0.5). */
const confident = (seen: ConfidenceInput[] = [], abstainBelow?: number): FusionV1 => ({
  ...testFusion,
  ...(abstainBelow === undefined ? {} : { abstainBelow }),
  doConfidence(input) {
    seen.push(input);
    const words = input.fused[0]!.sources.a?.score ?? 0;
    return { first: Math.min(1, words / 4), top5: Math.min(1, words / 3) };
  },
});

const twoRankers = () => pipe(overlapRanker({ id: 'a' }), overlapRanker({ id: 'b' }));

describe("a fusion's doConfidence and abstainBelow", () => {
  it('puts the confidence on every selection and abstains under the bar, naming the nearest', async () => {
    const seen: ConfidenceInput[] = [];
    for (const pipeline of [
      twoRankers().fuse(confident(seen, 0.4)),
      twoRankers().fuse(confident(seen, 0.4)).pack(lengthPacker(1000)),
    ]) {
      const picker = await pipeline.index(tools);
      const strong = await picker.select('send an email to a colleague');
      expect(strong.confidence).toEqual({ first: 0.75, top5: 1 });
      expect(strong.picks[0]?.name).toBe('email_send');
      const weak = await picker.select('email');
      expect(weak.picks).toEqual([]);
      expect(weak.confidence).toEqual({ first: 0.25, top5: 1 / 3 });
      expect(weak.nearest).toEqual(['email_archive', 'email_send']);
      expect(weak.abstained).toMatch(
        /^no tool fits this request well: the closest, "email_archive", would be right only about 25% of the time/,
      );
      // The caller moves the bar, or turns it off.
      expect((await picker.select('email', { abstain: 0.2 })).picks).toHaveLength(2);
      expect((await picker.select('email', { abstain: 'never' })).abstained).toBeUndefined();
      expect((await picker.select('send an email', { abstain: 0.9 })).abstained).toBeDefined();
    }
    expect(seen[0]!.query).toBe('send an email to a colleague');
    expect(seen[0]!.rankings.map((source) => source.rankerId)).toEqual(['a', 'b']);
    expect(seen[0]!.tool('email_send')?.description).toBe('Send an email to a colleague');
  });

  it('judges the unscoped head whatever limit and only say, and never abstains without a bar', async () => {
    const seen: ConfidenceInput[] = [];
    const picker = await twoRankers().fuse(confident(seen)).index(tools);
    const whole = await picker.select('send an email', { limit: 5 });
    const heads = [seen.at(-1)!.fused.map((entry) => entry.name)];
    const scoped = await picker.select('send an email', { only: ['email_archive'] });
    heads.push(seen.at(-1)!.fused.map((entry) => entry.name));
    const one = await picker.select('send an email', { limit: 1 });
    heads.push(seen.at(-1)!.fused.map((entry) => entry.name));
    expect(heads).toEqual(Array(3).fill(['email_send', 'email_archive']));
    expect(scoped.picks.map((pick) => pick.name)).toEqual(['email_archive']);
    expect(scoped.confidence).toEqual(whole.confidence);
    expect(one.confidence).toEqual(whole.confidence);
    expect(whole.confidence?.first).toBe(0.5);
    expect(scoped.abstained).toBeUndefined();
    expect((await picker.select('send an email', { abstain: 0.6 })).abstained).toBeDefined();
  });

  it('rejects a bad abstain option and a bad abstainBelow with typed errors saying what fits', async () => {
    const picker = await twoRankers().fuse(confident()).index(tools);
    for (const abstain of [-0.1, 1.5, 'always', Number.NaN, null]) {
      const failure = await picker.select('email', { abstain: abstain as never }).catch((e) => e);
      expect(failure).toBeInstanceOf(InvalidArgumentError);
      expect(failure.message).toMatch(
        /select\(options\.abstain\) must be 'never' or the first-pick confidence \(0 to 1\)/,
      );
    }
    expect(() => twoRankers().fuse(confident([], 2))).toThrow(
      /abstainBelow 2; it must be a probability from 0 to 1/,
    );
  });

  it('names the fusion when doConfidence answers something other than two probabilities', async () => {
    for (const answer of [
      { first: 2, top5: 0.5 },
      { first: 0.5 },
      Promise.resolve({ first: 0.5, top5: 0.5 }),
    ]) {
      const fusion = { ...testFusion, doConfidence: () => answer } as unknown as FusionV1;
      const picker = await twoRankers().fuse(fusion).index(tools);
      const failure = await picker.select('send an email').catch((e) => e);
      expect(failure).toBeInstanceOf(PluginError);
      expect(failure.message).toMatch(/doConfidence\(\) must return \{ first, top5 \}/);
    }
  });
});
