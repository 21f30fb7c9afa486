import type { JsonSchema, Tool } from '../tools/tool.js';

/** The searchable fields of a tool; rankers weight these, they never re-parse schemas. */
export const toolFieldNames = [
  'name',
  'title',
  'description',
  'parameterNames',
  'parameterDescriptions',
  'enumValues',
  'tags',
] as const;

export type ToolField = (typeof toolFieldNames)[number];

/** The text of each searchable field of one tool. */
export type ToolFields = Readonly<Record<ToolField, string>>;

/**
 * A ranker's multiplier of each field's word counts (`bm25`, `tfidf`); a field left out keeps
 * the ranker's default, 0 ignores it.
 */
export type FieldWeights = Readonly<Partial<Record<ToolField, number>>>;

/** Nested schemas deeper than this are not searched; real tools rarely nest further. */
const MAX_DEPTH = 4;

/**
 * Extracts a tool's searchable text: its name, title, description, tags and, from its schema,
 * every parameter name, parameter description and enum value (nested objects, arrays and
 * `anyOf`/`oneOf`/`allOf` included).
 */
export function toolFields(tool: Tool): ToolFields {
  const names: string[] = [];
  const descriptions: string[] = [];
  const enums: string[] = [];
  collectSchema(tool.inputSchema, 0, names, descriptions, enums);
  return {
    name: tool.name,
    title: tool.title ?? '',
    description: tool.description,
    parameterNames: names.join(' '),
    parameterDescriptions: descriptions.join(' '),
    enumValues: enums.join(' '),
    tags: tool.tags.join(' '),
  };
}

const asSchema = (value: unknown): JsonSchema | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined;

function collectSchema(
  schema: JsonSchema,
  depth: number,
  names: string[],
  descriptions: string[],
  enums: string[],
): void {
  if (depth > MAX_DEPTH) return;
  // Plain loops over the schema's own values: this runs for every node of every tool indexed.
  const values = asArray(schema.enum);
  for (let i = 0; i < values.length; i++) pushEnum(enums, values[i]);
  pushEnum(enums, schema.const);
  const properties = asSchema(schema.properties);
  if (properties) {
    for (const key of Object.keys(properties)) {
      names.push(key);
      const property = asSchema(properties[key]);
      if (!property) continue;
      if (typeof property.description === 'string') descriptions.push(property.description);
      if (typeof property.title === 'string') descriptions.push(property.title);
      collectSchema(property, depth + 1, names, descriptions, enums);
    }
  }
  const items = asSchema(schema.items);
  if (items) collectSchema(items, depth + 1, names, descriptions, enums);
  for (const keyword of COMBINATORS) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const sub = asSchema(branch);
      if (sub) collectSchema(sub, depth + 1, names, descriptions, enums);
    }
  }
}

const COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;

function pushEnum(enums: string[], value: unknown): void {
  if (typeof value === 'string' || typeof value === 'number') enums.push(String(value));
}

const asArray = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** All searchable text of a tool in one string, for rankers and embedders that do not weight fields. */
export function toolText(tool: Tool): string {
  const fields = toolFields(tool);
  return toolFieldNames
    .map((field) => fields[field])
    .filter((text) => text !== '')
    .join('\n');
}
