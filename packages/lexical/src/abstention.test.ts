import { memoryExampleStore, pipe } from '@shortlist/core';
import { ndcgAt } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { withAbstention } from './abstention.js';
import { lexical } from './lexical.js';
import { lexicalFusion, lexicalRankers } from './lexical-fusion.js';
import {
  benchmarkSets,
  benchmarksDir,
  haveBenchmarks,
  loadBenchmark,
} from './test-benchmark-sets.js';

const tools = [
  { name: 'email_send', description: 'Send an email to one or more recipients, with attachments' },
  { name: 'calendar_create_event', description: 'Schedule a meeting or event on a calendar' },
  { name: 'weather_get_forecast', description: 'Get the weather forecast for a city' },
  { name: 'git_create_branch', description: 'Create a branch in a git repository' },
  { name: 'payments_refund', description: 'Refund a charge, fully or in part' },
  { name: 'tickets_create', description: 'Open a support ticket for a customer' },
  { name: 'travel_search_flights', description: 'Search flights between two airports on a date' },
  { name: 'chat_post_message', description: 'Post a message to a team chat channel' },
  { name: 'copywriter', description: 'Writes marketing text for products' },
];

/** Requests in other languages, or about nothing these tools do. */
const offTopic = [
  '¿qué tiempo hará mañana en Madrid?',
  'envía un correo a mi jefe con el informe',
  'wie spät ist es gerade in Tokio',
  'chiudi la porta del garage',
  '明天北京的天气怎么样',
  'Какая погода завтра в Москве',
  'tell me a joke about penguins',
  'how tall is mount everest',
  'what is the meaning of life',
  'ok thanks!',
];

describe('lexical() abstains where no tool fits', () => {
  it('answers "no tool matched", with the reason, to other languages and off-topic requests', async () => {
    const picker = await lexical().index(tools);
    for (const query of offTopic) {
      const selection = await picker.select(query);
      expect(selection.picks, query).toEqual([]);
      expect(selection.abstained, query).toMatch(/request/);
    }
  });

  it('still picks for requests in the tools’ own words, however short', async () => {
    const picker = await lexical().index(tools);
    for (const [query, tool] of [
      ['what will the weather be in Madrid tomorrow', 'weather_get_forecast'],
      ['refund', 'payments_refund'],
      ['email_send', 'email_send'],
      ['open a ticket', 'tickets_create'],
      // No whole word in common: the word pieces vouch ("copy", "writ").
      ['copywriting for my shop', 'copywriter'],
    ]) {
      const selection = await picker.select(query!);
      expect(selection.abstained, query).toBeUndefined();
      expect(selection.picks[0]?.name, query).toBe(tool);
    }
  });

  it('does not abstain where learning from use vouches for a tool', async () => {
    const picker = await lexical({ examples: memoryExampleStore() }).index(tools);
    const query = '¿qué tiempo hará mañana en Madrid?';
    expect((await picker.select(query)).abstained).toBeDefined();
    await picker.learn([{ query, tool: 'weather_get_forecast' }]);
    const selection = await picker.select(query);
    expect(selection.abstained).toBeUndefined();
    expect(selection.picks[0]?.name).toBe('weather_get_forecast');
  });

  it('abstains in a pipeline built from the parts with withAbstention(), unpacked too', async () => {
    const picker = await pipe(...lexicalRankers())
      .fuse(withAbstention(lexicalFusion()))
      .index(tools);
    expect((await picker.select('wie spät ist es gerade in Tokio')).abstained).toBeDefined();
    const unpacked = await lexical({ maxTokens: false }).index(tools);
    expect((await unpacked.select('chiudi la porta del garage')).picks).toEqual([]);
  });

  it('keeps the fusion it wraps: its id, config and order', async () => {
    const fusion = lexicalFusion();
    const wrapped = withAbstention(fusion);
    expect(wrapped.id).toBe(fusion.id);
    expect(wrapped.config).toEqual(fusion.config);
    expect(fusion).not.toHaveProperty('doAbstain');
  });
});

describe.skipIf(!haveBenchmarks)(
  `the abstention rule costs the shared sets (${benchmarksDir}) at most 0.5 nDCG@10 points`,
  () => {
    for (const set of benchmarkSets) {
      it(`${set}: 1,000 seeded queries`, async () => {
        const { tools: pool, queries } = await loadBenchmark(set, 1000);
        const picker = await lexical({ maxTokens: false }).index(pool);
        // What a query scored before the rule: the same pipeline without abstaining.
        const plain = await pipe(...lexicalRankers())
          .fuse(lexicalFusion())
          .index(pool);
        let lost = 0;
        for (const { query, relevant } of queries) {
          const selection = await picker.select(query, { limit: 10 });
          if (selection.abstained === undefined) continue;
          const ranked = (await plain.select(query, { limit: 10 })).picks.map((pick) => pick.name);
          lost += ndcgAt(ranked, new Set(relevant), 10);
        }
        expect((lost / queries.length) * 100).toBeLessThanOrEqual(0.5);
      }, 300_000);
    }
  },
);
