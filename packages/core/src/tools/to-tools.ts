import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { JsonSchema, Tool, ToolFormat } from './tool.js';

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

interface Fields {
  format: ToolFormat;
  name: unknown;
  title?: unknown;
  description?: unknown;
  schema: unknown;
  schemaField: string;
  tags?: unknown;
  meta?: unknown;
}

/** Reads the fields of one entry, detecting its format from the keys it carries. */
function detect(entry: Obj): Fields {
  if (entry.type === 'function' && isObject(entry.function)) {
    const fn = entry.function;
    return {
      format: 'openai-chat',
      name: fn.name,
      description: fn.description,
      schema: fn.parameters,
      schemaField: 'function.parameters',
    };
  }
  if (entry.type === 'function' && 'name' in entry) {
    return {
      format: 'openai-responses',
      name: entry.name,
      description: entry.description,
      schema: entry.parameters,
      schemaField: 'parameters',
    };
  }
  if ('input_schema' in entry) {
    return {
      format: 'anthropic',
      name: entry.name,
      description: entry.description,
      schema: entry.input_schema,
      schemaField: 'input_schema',
    };
  }
  if ('inputSchema' in entry) {
    const annotations = isObject(entry.annotations) ? entry.annotations : {};
    return {
      format: 'mcp',
      name: entry.name,
      title: entry.title ?? annotations.title,
      description: entry.description,
      schema: entry.inputSchema,
      schemaField: 'inputSchema',
      meta: entry._meta,
    };
  }
  return {
    format: 'plain',
    name: entry.name,
    title: entry.title,
    description: entry.description,
    schema: entry.parameters ?? entry.schema,
    schemaField: 'parameters' in entry ? 'parameters' : 'schema',
    tags: entry.tags,
    meta: entry.meta,
  };
}

/** A schema object that is not JSON Schema: zod, a Standard Schema, or the AI SDK's `jsonSchema()`. */
const isForeignSchema = (value: unknown): boolean =>
  isObject(value) && ('~standard' in value || '_def' in value || '_zod' in value);

/** Names the adapter that reads a framework's tools whose schemas are not JSON Schema. */
function foreignSchemaHint(fields: Fields): string {
  return fields.format === 'mcp'
    ? 'this looks like an AI SDK tool (its inputSchema is a zod or Standard Schema); read AI SDK tool sets with readAiSdkTools() from @shortlist/ai-sdk'
    : 'this looks like a LangChain tool (its schema is a zod schema); read LangChain tools with readLangChainTools() from @shortlist/langchain';
}

function toTool(entry: unknown, source: Entries, index: number): Tool {
  if (!isObject(entry)) {
    const at = where(source, index);
    throw new InvalidArgumentError({
      argument: at,
      expected: 'a tool object',
      message: `${at} is ${entry === null ? 'null' : typeof entry}; each entry must be a tool object with a name`,
    });
  }
  const fields = detect(entry);
  if (fields.name === undefined && source.keys) fields.name = source.keys[index];
  if (typeof fields.name !== 'string' || fields.name.trim() === '') {
    throw new InvalidArgumentError({
      argument: `${where(source, index)}.name`,
      expected: 'a non-empty string',
      message: `${where(source, index)} (${fields.format} format) has no name; give every tool a unique non-empty string name`,
    });
  }
  const name = fields.name;
  if (isForeignSchema(fields.schema)) {
    throw new InvalidArgumentError({
      argument: `${where(source, index)}.${fields.schemaField}`,
      expected: 'a JSON Schema object',
      message: `${where(source, index)} "${name}": ${fields.schemaField} is not JSON Schema; ${foreignSchemaHint(fields)}`,
    });
  }
  if (fields.schema !== undefined && !isObject(fields.schema)) {
    throw new InvalidArgumentError({
      argument: `${where(source, index)}.${fields.schemaField}`,
      expected: 'a JSON Schema object',
      message: `${where(source, index)} "${name}": ${fields.schemaField} must be a JSON Schema object, got ${
        Array.isArray(fields.schema) ? 'an array' : typeof fields.schema
      }`,
    });
  }
  const tags = Array.isArray(fields.tags)
    ? fields.tags.filter((tag): tag is string => typeof tag === 'string')
    : [];
  const title = optionalString(fields.title);
  const description = typeof fields.description === 'string' ? fields.description : '';
  const inputSchema = (fields.schema as JsonSchema | undefined) ?? {
    type: 'object',
    properties: {},
  };
  const { format, meta } = fields;
  // Most tools have neither: one plain literal, no spread, for the common case.
  if (title === undefined && meta === undefined) {
    return { name, description, inputSchema, tags, format, original: entry };
  }
  return {
    name,
    ...(title === undefined ? {} : { title }),
    description,
    inputSchema,
    tags,
    ...(meta === undefined ? {} : { meta }),
    format,
    original: entry,
  };
}

/** A catalogue's entries, with their keys when the input was a record keyed by name. */
interface Entries {
  readonly entries: readonly unknown[];
  readonly keys?: readonly string[];
}

/** Where entry `index` sits in the input, for error messages (built only when one is thrown). */
const where = (source: Entries, index: number): string =>
  source.keys ? `tools.${source.keys[index]}` : `tools[${index}]`;

/**
 * Unwraps an MCP `tools/list` result (`{ tools }`, or a JSON-RPC `{ result: { tools } }`), or reads
 * a record of tools keyed by name (an AI SDK `ToolSet` shape), whose keys name tools without one.
 */
function entriesOf(input: unknown): Entries {
  if (Array.isArray(input)) return { entries: input };
  if (isObject(input)) {
    if (Array.isArray(input.tools)) return { entries: input.tools };
    if (isObject(input.result) && Array.isArray(input.result.tools)) {
      return { entries: input.result.tools };
    }
    const values = Object.values(input);
    if (values.length > 0 && values.every(isObject)) {
      return { entries: values, keys: Object.keys(input) };
    }
  }
  throw new InvalidArgumentError({
    argument: 'tools',
    expected: 'an array of tools, a record of tools keyed by name, or an MCP tools/list result',
    message:
      'toTools() expects an array of tool definitions, a record of tools keyed by name, or an MCP tools/list result ({ tools: [...] })',
  });
}

/**
 * Converts tools in any supported format (OpenAI chat or Responses function tools, Anthropic
 * tools, MCP `tools/list` results, plain objects, or a record of any of these keyed by name) to
 * canonical `Tool`s, keeping each original.
 * Entries that are already canonical `Tool`s pass through unchanged.
 */
export function toTools(input: unknown): Tool[] {
  return convertTools(input).tools;
}

/** `toTools`, plus the name map its uniqueness check built (pipelines keep it as their catalogue). */
export function convertTools(input: unknown): { tools: Tool[]; byName: Map<string, Tool> } {
  const source = entriesOf(input);
  const { entries } = source;
  // Plain index loops, and no per-entry strings or tuples: a process that has just started runs
  // this uncompiled over the whole catalogue. An index loop also reads a sparse array's holes.
  const tools: Tool[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    tools[i] = isCanonicalTool(entry) ? checkCanonical(entry, source, i) : toTool(entry, source, i);
  }
  const byName = new Map<string, Tool>();
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const first = byName.get(tool.name);
    if (first !== undefined) {
      throw new InvalidArgumentError({
        argument: `tools[${i}].name`,
        expected: 'a name no other tool in the catalogue has',
        message: `tools[${i}] and tools[${tools.indexOf(first)}] are both named "${tool.name}"; tool names must be unique, rename one of them`,
      });
    }
    byName.set(tool.name, tool);
  }
  return { tools, byName };
}

/** A canonical tool passes through, but only with a name a converted one would have. */
function checkCanonical(tool: Tool, source: Entries, index: number): Tool {
  if (tool.name.trim() === '') {
    const at = where(source, index);
    throw new InvalidArgumentError({
      argument: `${at}.name`,
      expected: 'a non-empty string',
      message: `${at} (canonical Tool) has a blank name; give every tool a unique non-empty string name`,
    });
  }
  return tool;
}

/** Recognises a tool that has already been through `toTools`, so conversion is idempotent. */
export function isCanonicalTool(value: unknown): value is Tool {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    typeof value.description === 'string' &&
    isObject(value.inputSchema) &&
    Array.isArray(value.tags) &&
    typeof value.format === 'string' &&
    'original' in value
  );
}
