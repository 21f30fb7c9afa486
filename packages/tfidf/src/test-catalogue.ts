import { type Tool, toTools } from '@shortlist/core';
import { seededRandom } from '@shortlist/core/kit';

const WORDS = `account add alert archive calendar cancel channel chart comment contact convert copy
create customer delete deploy document download email employee event export file find folder
forecast invoice issue label list log meeting message note order payment photo price project
record refund report reply repository schedule search send share sheet ship stock summary task
team ticket track translate update upload user weather`.split(/\s+/);

/** A Zipf-ish word draw: early words far more common, like real tool vocabularies. */
function word(random: () => number): string {
  return WORDS[Math.floor(WORDS.length * random() ** 2)]!;
}

const words = (random: () => number, count: number): string =>
  Array.from({ length: count }, () => word(random)).join(' ');

/** `count` random tools with snake_case names, 3–20-word descriptions and 0–3 parameters. */
export function randomCatalogue(seed: number, count: number, prefix = 'tool'): Tool[] {
  const random = seededRandom(seed);
  return toTools(
    Array.from({ length: count }, (_, i) => {
      const properties: Record<string, unknown> = {};
      const parameterCount = Math.floor(random() * 4);
      for (let p = 0; p < parameterCount; p++) {
        properties[`${word(random)}_${word(random)}`] = {
          type: 'string',
          description: words(random, 2 + Math.floor(random() * 5)),
        };
      }
      return {
        name: `${prefix}_${i}_${word(random)}_${word(random)}`,
        description: words(random, 3 + Math.floor(random() * 18)),
        parameters: { type: 'object', properties },
      };
    }),
  );
}

/** `count` random queries of 1–`maxWords` words (default 6) from the same vocabulary. */
export function randomQueries(seed: number, count: number, maxWords = 6): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => words(random, 1 + Math.floor(random() * maxWords)));
}
