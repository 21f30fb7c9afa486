import { type Tool, toTools } from '@shortlist/core';
import { createRandom, type Random } from './random.js';
import { buildVocabulary } from './vocabulary.js';
import { domains, enumValues, objects, parameterNames, qualifiers, verbs } from './word-lists.js';
import { type ZipfSampler, zipfSampler } from './zipf.js';

export interface CatalogueOptions {
  /** Number of tools. */
  readonly size: number;
  /** Same seed, same catalogue. @default 1 */
  readonly seed?: number;
  /** Distinct words descriptions draw from. @default 20000 */
  readonly vocabularySize?: number;
  /** Zipf exponent of word frequencies. @default 1 */
  readonly zipfExponent?: number;
}

/** A function definition as an integration would ship it (the OpenAI-style plain shape). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: {
    readonly type: 'object';
    readonly properties: Record<string, { type: string; description: string; enum?: string[] }>;
  };
}

/** The words a description draws from and how it draws them. */
interface WordSource {
  readonly vocabulary: readonly string[];
  readonly zipf: ZipfSampler;
}

const parameterTypes = ['string', 'string', 'string', 'integer', 'number', 'boolean'] as const;

const camel = (words: string[]): string =>
  words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');

/** `count` words drawn by Zipf frequency. */
const zipfWords = (source: WordSource, random: Random, count: number): string[] =>
  Array.from({ length: count }, () => source.vocabulary[source.zipf(random)]!);

function uniqueName(random: Random, taken: Set<string>): string {
  for (;;) {
    const parts = [random.pick(domains), random.pick(verbs), random.pick(objects)];
    if (random.chance(0.3)) parts.push(random.pick(qualifiers));
    const name = parts.join('_');
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

function describe(name: string, source: WordSource, random: Random): string {
  const [domain, verb, ...rest] = name.split('_');
  const lead = [`${verb}s`, random.pick(['the', 'a', 'all']), ...rest, 'in', domain!];
  const length = random.int(10, 40);
  const words = [...lead, ...zipfWords(source, random, Math.max(0, length - lead.length))];
  const text = words.slice(0, length).join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function parameters(
  name: string,
  source: WordSource,
  random: Random,
): ToolDefinition['parameters'] {
  const properties: ToolDefinition['parameters']['properties'] = {};
  const count = random.int(0, 8);
  const object = name.split('_')[2]!;
  for (let i = 0; i < count; i++) {
    const key = random.chance(0.25) ? camel([object, 'id']) : random.pick(parameterNames);
    if (key in properties) continue;
    const description = zipfWords(source, random, random.int(3, 12)).join(' ');
    const type = random.pick(parameterTypes);
    const property: { type: string; description: string; enum?: string[] } = { type, description };
    if (type === 'string' && random.chance(0.2)) {
      property.enum = [
        ...new Set(Array.from({ length: random.int(2, 5) }, () => random.pick(enumValues))),
      ];
    }
    properties[key] = property;
  }
  return { type: 'object', properties };
}

/**
 * Function definitions with names like `hris_list_employees` (domain_verb_object, sometimes a
 * qualifier), 10–40-word descriptions with Zipfian word frequencies and 0–8 parameters, some
 * with enums. Deterministic for a seed.
 */
export function generateDefinitions(options: CatalogueOptions): ToolDefinition[] {
  const { size, seed = 1, vocabularySize, zipfExponent = 1 } = options;
  const vocabulary = buildVocabulary(vocabularySize, seed);
  const source: WordSource = { vocabulary, zipf: zipfSampler(vocabulary.length, zipfExponent) };
  const random = createRandom(seed);
  const taken = new Set<string>();
  const out: ToolDefinition[] = [];
  for (let i = 0; i < size; i++) {
    const name = uniqueName(random, taken);
    out.push({
      name,
      description: describe(name, source, random),
      parameters: parameters(name, source, random),
    });
  }
  return out;
}

/** The synthetic catalogue as core `Tool`s, ready to index. */
export function generateCatalogue(options: CatalogueOptions): Tool<ToolDefinition>[] {
  return toTools(generateDefinitions(options)) as Tool<ToolDefinition>[];
}
