import { describe, expect, it } from 'vitest';
import { generateCatalogue, generateDefinitions } from './catalogue.js';
import { generateQueries } from './queries.js';

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('generateDefinitions', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = generateDefinitions({ size: 300, seed: 7 });
    const b = generateDefinitions({ size: 300, seed: 7 });
    const c = generateDefinitions({ size: 300, seed: 8 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('makes exactly `size` tools with unique domain_verb_object names', () => {
    for (const size of [0, 1, 1000, 10_000]) {
      const defs = generateDefinitions({ size, seed: 3 });
      expect(defs).toHaveLength(size);
      expect(new Set(defs.map((def) => def.name)).size).toBe(size);
    }
    for (const def of generateDefinitions({ size: 200 })) {
      expect(def.name).toMatch(/^[a-z]+_[a-z]+_[a-z0-9_]+$/);
    }
  });

  it('writes 10–40-word descriptions and 0–8 parameters, some with enums', () => {
    const defs = generateDefinitions({ size: 2000, seed: 5 });
    const lengths = defs.map((def) => wordCount(def.description));
    expect(Math.min(...lengths)).toBe(10);
    expect(Math.max(...lengths)).toBe(40);
    const counts = defs.map((def) => Object.keys(def.parameters.properties).length);
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBe(8);
    const withEnum = defs.filter((def) =>
      Object.values(def.parameters.properties).some((property) => property.enum),
    );
    expect(withEnum.length).toBeGreaterThan(100);
    expect(withEnum.length).toBeLessThan(1500);
  });

  it('gives descriptions Zipfian word frequencies: a few words are everywhere, most are rare', () => {
    const defs = generateDefinitions({ size: 5000, seed: 11 });
    const frequency = new Map<string, number>();
    for (const def of defs) {
      for (const word of def.description.toLowerCase().split(/[^a-z_]+/)) {
        if (word) frequency.set(word, (frequency.get(word) ?? 0) + 1);
      }
    }
    const sorted = [...frequency.values()].sort((x, y) => y - x);
    const total = sorted.reduce((sum, n) => sum + n, 0);
    const top10 = sorted.slice(0, 10).reduce((sum, n) => sum + n, 0);
    expect(top10 / total).toBeGreaterThan(0.1);
    expect(top10 / total).toBeLessThan(0.5);
    const seenOnce = sorted.filter((n) => n === 1).length;
    expect(seenOnce / sorted.length).toBeGreaterThan(0.2);
  });
});

describe('generateQueries', () => {
  const tools = generateCatalogue({ size: 500, seed: 2 });

  it('makes 3–10-word queries, deterministic for a seed', () => {
    const queries = generateQueries(tools, { count: 1000, seed: 4 });
    expect(queries).toHaveLength(1000);
    expect(generateQueries(tools, { count: 1000, seed: 4 })).toEqual(queries);
    const lengths = queries.map((q) => wordCount(q.query));
    expect(Math.min(...lengths)).toBe(3);
    expect(Math.max(...lengths)).toBe(10);
  });

  it('puts at least one word of the target tool in every query', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const { query, target } of generateQueries(tools, { count: 300 })) {
      const tool = byName.get(target)!;
      const own = new Set([
        ...tool.name.split('_'),
        ...tool.description.toLowerCase().split(/[^a-z0-9]+/),
      ]);
      expect(query.split(' ').some((word) => own.has(word))).toBe(true);
    }
  });
});
