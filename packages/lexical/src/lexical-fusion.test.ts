import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';
import { lexicalFusion, lexicalRankers, maxPieceTerms } from './lexical-fusion.js';

/** The weights the README documents and `query-norm` measured; a change here is a decision. */
const documented: Record<string, number> = {
  bm25: 0.15,
  tfidf: 1.75,
  bigrams: 1.2,
  pieces: 0.6,
  name: 0.15,
  opening: 1.75,
  exact: 0,
};

const tools = [
  { name: 'create_pull_request', description: 'Create a new pull request in a repository' },
  { name: 'update_pull_request_branch', description: 'Update a pull request branch from base' },
  { name: 'list_branches', description: 'List the branches of a repository' },
  { name: 'delete_branch', description: 'Delete a branch from a repository' },
  { name: 'get_weather_forecast', description: 'Air quality and weather forecast for a city' },
  { name: 'send_email', description: 'Send an email message to a recipient' },
  { name: 'copywriter', description: 'Write marketing copy for a product' },
];

/** Each score over the ranking's best: the request's own scale. */
function overBest(ranking: SourceRanking['ranking']): Map<string, number> {
  const best = Math.max(...ranking.map((entry) => entry.score));
  return new Map(ranking.map((entry) => [entry.name, entry.score / best]));
}

describe('lexical() fuses seven rankers with the documented weights', () => {
  it('builds bm25, tfidf, bigrams, pieces, name, opening and exact, and the fusion of their scores over each one’s best', () => {
    expect(lexicalRankers().map((ranker) => ranker.id)).toEqual([
      'bm25',
      'tfidf',
      'bigrams',
      'pieces',
      'name',
      'opening',
      'exact',
    ]);
    expect(lexicalFusion().config).toEqual({
      method: 'weighted',
      normalize: 'max',
      weights: documented,
    });
    expect(lexicalFusion().minDepth).toBeUndefined();
    expect(lexicalFusion().complete).toBe(true);
    expect(maxPieceTerms).toBe(12);
  });

  it.each([
    'remove the old branch',
    'open a pull request for my branch',
    'air quality in Paris',
    'copywriting for my shop',
    'email the team',
  ])(
    'scores each pick of %j as Σ weight × score over the ranking’s best, over all seven rankings',
    async (query) => {
      const picker = await lexical({ maxTokens: false }).index(tools);
      const sources = await picker.rankings(query, { limit: tools.length });
      expect(sources.map((source) => source.rankerId).sort()).toEqual(
        Object.keys(documented).sort(),
      );
      const expected = new Map<string, number>();
      // None of these queries names a tool in full, so `exact` ranks nothing and the sum is all.
      expect(sources.find((source) => source.rankerId === 'exact')?.ranking).toEqual([]);
      for (const source of sources) {
        for (const [name, z] of overBest(source.ranking)) {
          expected.set(name, (expected.get(name) ?? 0) + documented[source.rankerId]! * z);
        }
      }
      const { picks } = await picker.select(query, { limit: tools.length });
      expect(picks.length).toBe(expected.size);
      for (const pick of picks) expect(pick.score).toBeCloseTo(expected.get(pick.name)!, 12);
      const order = [...expected].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      expect(picks.map((pick) => pick.name)).toEqual(order.map(([name]) => name));
    },
  );

  it('finds through word pieces what no whole-word ranker finds', async () => {
    const picker = await lexical({ maxTokens: false }).index(tools);
    const sources = await picker.rankings('airquality', { limit: tools.length });
    const found = Object.fromEntries(
      sources.map((source) => [source.rankerId, source.ranking.map((entry) => entry.name)]),
    );
    expect(found.pieces?.[0]).toBe('get_weather_forecast');
    expect(found.tfidf).not.toContain('get_weather_forecast');
    const { picks } = await picker.select('airquality', { limit: 1 });
    expect(picks[0]?.name).toBe('get_weather_forecast');
  });
});
