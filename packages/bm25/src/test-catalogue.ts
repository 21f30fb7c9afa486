import type { Tool } from '@shortlist/core';
import { seededRandom } from '@shortlist/core/kit';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'pe', 'su', 'da', 'fo'];

/** A vocabulary of made-up words drawn with Zipfian frequencies (word i has weight 1/(i+1)). */
function zipfian(next: () => number, size: number): () => string {
  const words = Array.from({ length: size }, (_, i) => {
    let word = '';
    for (let n = i + SYLLABLES.length; n > 0; n = Math.floor(n / SYLLABLES.length)) {
      word += SYLLABLES[n % SYLLABLES.length];
    }
    return word;
  });
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < size; i++) {
    total += 1 / (i + 1);
    cumulative.push(total);
  }
  return () => {
    const target = next() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return words[low]!;
  };
}

const phrase = (word: () => string, count: number): string =>
  Array.from({ length: count }, word).join(' ');

/** A canonical tool from a name, description and parameters. */
export function tool(
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
): Tool {
  const inputSchema = { type: 'object', properties };
  return { name, description, inputSchema, tags: [], format: 'plain', original: { name } };
}

/**
 * A seeded catalogue of `size` tools with Zipfian words in names, descriptions and parameters,
 * and a few exact duplicates so that score ties (broken by name) are common.
 */
export function randomCatalogue(seed: number, size: number, vocabulary = 300): Tool[] {
  const next = seededRandom(seed);
  const word = zipfian(next, vocabulary);
  const tools: Tool[] = [];
  const twins = new Map<string, number>();
  for (let i = 0; i < size; i++) {
    if (i > 0 && next() < 0.1) {
      // Same words as an earlier tool (`~` is not a word character), so their scores tie.
      const twin = tools[Math.floor(next() * tools.length)]!;
      const base = twin.name.replace(/~+$/, '');
      const copies = (twins.get(base) ?? 0) + 1;
      twins.set(base, copies);
      tools.push({ ...twin, name: `${base}${'~'.repeat(copies)}` });
      continue;
    }
    const properties: Record<string, unknown> = {};
    const parameters = Math.floor(next() * 5);
    for (let p = 0; p < parameters; p++) {
      properties[`${word()}_${word()}`] = {
        type: 'string',
        description: phrase(word, 2 + Math.floor(next() * 6)),
        ...(next() < 0.2 ? { enum: [word(), word()] } : {}),
      };
    }
    const name = `${word()}_${word()}_${word()}_${i}`;
    tools.push(tool(name, phrase(word, Math.floor(next() * 30)), properties));
  }
  return tools;
}

/** Seeded queries of 1 to 8 words from the same Zipfian vocabulary as `randomCatalogue`. */
export function randomQueries(seed: number, count: number, vocabulary = 300): string[] {
  const next = seededRandom(seed);
  const word = zipfian(next, vocabulary);
  return Array.from({ length: count }, () => phrase(word, 1 + Math.floor(next() * 8)));
}
