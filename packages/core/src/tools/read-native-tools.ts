import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Awaitable } from '../spec/call-options.js';
import { toTools } from './to-tools.js';
import type { JsonSchema, Tool, ToolFormat } from './tool.js';

/** What a framework adapter reads from one of its native tools. */
export interface NativeToolFields {
  /** The tool's name; for a record of tools, the adapter usually passes the key. */
  readonly name: unknown;
  readonly description?: unknown;
  readonly title?: unknown;
  /**
   * Converts the tool's input schema to JSON Schema with the framework's own helper; called once.
   * Returning `undefined` means the tool takes no arguments.
   */
  readonly inputSchema: () => Awaitable<unknown>;
}

/** How one framework's tools are read: its format name and a field reader. */
export interface NativeToolReader<Native> {
  readonly format: ToolFormat;
  /** What to install or change when a tool cannot be read, e.g. "pass a zod schema or jsonSchema()". */
  readonly schemaHint: string;
  read(tool: Native, key: string | undefined): NativeToolFields;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a framework's tools (a record keyed by name, or an array) into canonical `Tool`s whose
 * `original` is the user's own object, so adapters can hand back exactly what they were given.
 * Every failure is an `InvalidArgumentError` naming the tool and what to change.
 */
export async function readNativeTools<Native>(
  input: Readonly<Record<string, Native>> | readonly Native[],
  reader: NativeToolReader<Native>,
): Promise<Tool<Native>[]> {
  if (!isObject(input) && !Array.isArray(input)) {
    throw new InvalidArgumentError({
      argument: 'tools',
      expected: `a record or an array of ${reader.format} tools`,
      message: `expected ${reader.format} tools as a record keyed by name or an array, got ${
        input === null ? 'null' : typeof input
      }`,
    });
  }
  const entries: [string, string | undefined, Native][] = Array.isArray(input)
    ? input.map((tool, i) => [`tools[${i}]`, undefined, tool])
    : Object.entries(input).map(([key, tool]) => [`tools.${key}`, key, tool]);
  const tools = await Promise.all(
    entries.map(async ([at, key, native]): Promise<Tool<Native>> => {
      if (!isObject(native)) {
        throw new InvalidArgumentError({
          argument: at,
          expected: `a ${reader.format} tool`,
          message: `${at} is ${native === null ? 'null' : typeof native}, not a ${reader.format} tool`,
        });
      }
      const fields = reader.read(native, key);
      const name = fields.name;
      if (typeof name !== 'string' || name.trim() === '') {
        throw new InvalidArgumentError({
          argument: `${at}.name`,
          expected: 'a non-empty string',
          message: `${at} (${reader.format}) has no name; give every tool a unique non-empty name`,
        });
      }
      let schema: unknown;
      try {
        schema = await fields.inputSchema();
      } catch (cause) {
        throw new InvalidArgumentError({
          argument: `${at}.inputSchema`,
          expected: 'a schema the framework can convert to JSON Schema',
          message: `${at} "${name}": its input schema could not be converted to JSON Schema (${
            cause instanceof Error ? cause.message : String(cause)
          }); ${reader.schemaHint}`,
          cause,
        });
      }
      if (schema !== undefined && !isObject(schema)) {
        throw new InvalidArgumentError({
          argument: `${at}.inputSchema`,
          expected: 'a JSON Schema object',
          message: `${at} "${name}": its input schema converted to ${
            Array.isArray(schema) ? 'an array' : typeof schema
          }, not a JSON Schema object; ${reader.schemaHint}`,
        });
      }
      const title =
        typeof fields.title === 'string' && fields.title.trim() !== '' ? fields.title : undefined;
      return {
        name,
        ...(title === undefined ? {} : { title }),
        description: typeof fields.description === 'string' ? fields.description : '',
        inputSchema: (schema as JsonSchema | undefined) ?? { type: 'object', properties: {} },
        tags: [],
        format: reader.format,
        original: native,
      };
    }),
  );
  // toTools passes canonical tools through and owns the one duplicate-name check.
  return toTools(tools) as Tool<Native>[];
}
