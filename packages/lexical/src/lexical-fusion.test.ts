import { readFileSync } from 'node:fs';
import type { SourceRanking } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';
import {
  lexicalFusion,
  lexicalRankers,
  lexicalWeighting,
  maxPieceTerms,
} from './lexical-fusion.js';

/** The weights the README states for `lexicalFusion()`, read from its `weights: { ... }`. */
function readmeWeights(): Record<string, number> {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const line = readme.split('\n').find((text) => text.startsWith('- `lexicalFusion()`:'));
  const body = /weights: \{([^}]*)\}/.exec(line ?? '')?.[1];
  if (body === undefined) throw new Error('README.md: no `lexicalFusion()` weights line');
  return Object.fromEntries(
    body.split(',').map((pair) => {
      const [name, weight] = pair.split(':').map((part) => part.trim());
      return [name!, Number(weight)];
    }),
  );
}

/** The weights `lexical()` fuses with. */
const weights = lexicalWeighting().config.weights;

const tools = [
  { name: 'create_pull_request', description: 'Create a new pull request in a repository' },
  { name: 'update_pull_request_branch', description: 'Update a pull request branch from base' },
  { name: 'list_branches', description: 'List the branches of a repository' },
  { name: 'delete_branch', description: 'Delete a branch from a repository' },
  { name: 'get_weather_forecast', description: 'Air quality and weather forecast for a city' },
  { name: 'send_email', description: 'Send an email message to a recipient' },
  { name: 'copywriter', description: 'Write marketing copy for a product' },
];

/** Standard deviations above the ranking's lowest score (population σ); 1 when all are equal. */
function zscores(ranking: SourceRanking['ranking']): Map<string, number> {
  const scores = ranking.map((entry) => entry.score);
  const min = Math.min(...scores);
  const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
  const sigma = Math.sqrt(scores.reduce((sum, s) => sum + (s - mean) ** 2, 0) / scores.length);
  return new Map(
    ranking.map((entry) => [entry.name, sigma === 0 ? 1 : (entry.score - min) / sigma]),
  );
}

describe('lexical() fuses seven rankers with the documented weights', () => {
  it('uses the weights its README documents (a change to either is a decision made in both)', () => {
    expect(weights).toEqual(readmeWeights());
    expect(Object.keys(weights)).toEqual(lexicalRankers().map((ranker) => ranker.id));
  });

  it('builds bm25, tfidf, bigrams, pieces, name, opening and exact, and the z-score fusion of them over a head of 40', () => {
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
      normalize: 'zscore',
      weights,
      head: 40,
    });
    expect(lexicalFusion().minDepth).toBe(40);
    expect(maxPieceTerms).toBe(12);
  });

  it.each([
    'remove the old branch',
    'open a pull request for my branch',
    'air quality in Paris',
    'copywriting for my shop',
    'email the team',
  ])('scores each pick of %j as Σ weight × z-score over all seven rankings', async (query) => {
    const picker = await lexical({ maxTokens: false }).index(tools);
    const sources = await picker.rankings(query, { limit: tools.length });
    expect(sources.map((source) => source.rankerId).sort()).toEqual(Object.keys(weights).sort());
    const expected = new Map<string, number>();
    // None of these queries names a tool in full, so `exact` ranks nothing and the sum is all.
    expect(sources.find((source) => source.rankerId === 'exact')?.ranking).toEqual([]);
    for (const source of sources) {
      for (const [name, z] of zscores(source.ranking)) {
        expected.set(name, (expected.get(name) ?? 0) + weights[source.rankerId]! * z);
      }
    }
    const { picks } = await picker.select(query, { limit: tools.length });
    expect(picks.length).toBe(expected.size);
    for (const pick of picks) expect(pick.score).toBeCloseTo(expected.get(pick.name)!, 12);
    const order = [...expected].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    expect(picks.map((pick) => pick.name)).toEqual(order.map(([name]) => name));
  });

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
