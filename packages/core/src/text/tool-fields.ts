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

/** The schema's fields, in `toolFieldNames` order from `parameterNames`; `visitSchemaText` tags text with these. */
const SCHEMA_NAME = 3;
const SCHEMA_DESCRIPTION = 4;
const SCHEMA_ENUM = 5;

/**
 * Receives each piece of a schema's searchable text with its field's index in `toolFieldNames`
 * (`SCHEMA_NAME`, `SCHEMA_DESCRIPTION` or `SCHEMA_ENUM`), in the order the field lists them.
 */
export interface SchemaTextVisitor {
  text(field: number, text: string): void;
}

/**
 * Extracts a tool's searchable text: its name, title, description, tags and, from its schema,
 * every parameter name, parameter description and enum value (nested objects, arrays and
 * `anyOf`/`oneOf`/`allOf` included).
 */
export function toolFields(tool: Tool): ToolFields {
  const names: string[] = [];
  const descriptions: string[] = [];
  const enums: string[] = [];
  visitSchemaText(tool.inputSchema, {
    text(field, text) {
      (field === SCHEMA_NAME ? names : field === SCHEMA_DESCRIPTION ? descriptions : enums).push(
        text,
      );
    },
  });
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

/**
 * Walks a schema's searchable text as `toolFields` reads it, handing each piece to `visitor`
 * instead of joining it: the one walk, for readers that need no joined copy (the catalogue digest).
 */
export function visitSchemaText(schema: JsonSchema, visitor: SchemaTextVisitor): void {
  collectSchema(schema, 0, visitor);
}

const asSchema = (value: unknown): JsonSchema | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined;

function collectSchema(schema: JsonSchema, depth: number, visitor: SchemaTextVisitor): void {
  if (depth > MAX_DEPTH) return;
  // Plain indexed loops and no array made per node: this runs for every node of every tool
  // indexed, and on a restore in code not yet compiled (the catalogue digest).
  const values = schema.enum;
  if (Array.isArray(values)) for (let i = 0; i < values.length; i++) pushEnum(visitor, values[i]);
  pushEnum(visitor, schema.const);
  const properties = asSchema(schema.properties);
  if (properties) {
    const keys = Object.keys(properties);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      visitor.text(SCHEMA_NAME, key);
      const property = asSchema(properties[key]);
      if (!property) continue;
      if (typeof property.description === 'string') {
        visitor.text(SCHEMA_DESCRIPTION, property.description);
      }
      if (typeof property.title === 'string') visitor.text(SCHEMA_DESCRIPTION, property.title);
      collectSchema(property, depth + 1, visitor);
    }
  }
  const items = asSchema(schema.items);
  if (items) collectSchema(items, depth + 1, visitor);
  collectBranches(schema.anyOf, depth, visitor);
  collectBranches(schema.oneOf, depth, visitor);
  collectBranches(schema.allOf, depth, visitor);
}

/** The subschemas of an `anyOf`, `oneOf` or `allOf`. */
function collectBranches(branches: unknown, depth: number, visitor: SchemaTextVisitor): void {
  if (!Array.isArray(branches)) return;
  for (let i = 0; i < branches.length; i++) {
    const sub = asSchema(branches[i]);
    if (sub) collectSchema(sub, depth + 1, visitor);
  }
}

function pushEnum(visitor: SchemaTextVisitor, value: unknown): void {
  if (typeof value === 'string') visitor.text(SCHEMA_ENUM, value);
  else if (typeof value === 'number') visitor.text(SCHEMA_ENUM, String(value));
}

/** All searchable text of a tool in one string, for rankers and embedders that do not weight fields. */
export function toolText(tool: Tool): string {
  const fields = toolFields(tool);
  return toolFieldNames
    .map((field) => fields[field])
    .filter((text) => text !== '')
    .join('\n');
}
