import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { isCanonicalTool, toTools } from './to-tools.js';

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

describe('toTools', () => {
  it('reads OpenAI chat function tools', () => {
    const original = {
      type: 'function',
      function: { name: 'get_weather', description: 'Weather for a city', parameters: schema },
    };
    const [tool] = toTools([original]);
    expect(tool).toMatchObject({
      name: 'get_weather',
      description: 'Weather for a city',
      inputSchema: schema,
      format: 'openai-chat',
      tags: [],
    });
    expect(tool!.original).toBe(original);
  });

  it('reads OpenAI Responses function tools', () => {
    const original = {
      type: 'function',
      name: 'get_weather',
      description: 'W',
      parameters: schema,
      strict: true,
    };
    const [tool] = toTools([original]);
    expect(tool).toMatchObject({
      name: 'get_weather',
      format: 'openai-responses',
      inputSchema: schema,
    });
    expect(tool!.original).toBe(original);
  });

  it('reads Anthropic tools', () => {
    const original = { name: 'get_weather', description: 'W', input_schema: schema };
    const [tool] = toTools([original]);
    expect(tool).toMatchObject({ name: 'get_weather', format: 'anthropic', inputSchema: schema });
  });

  it('reads an MCP tools/list result, as an object or an array, honouring titles', () => {
    const result = {
      tools: [
        { name: 'a', title: 'Tool A', description: 'first', inputSchema: schema },
        { name: 'b', description: 'second', inputSchema: schema, annotations: { title: 'Tool B' } },
        { name: 'c', inputSchema: schema, _meta: { vendor: 'x' } },
      ],
    };
    const tools = toTools(result);
    expect(tools.map((tool) => [tool.name, tool.title, tool.format])).toEqual([
      ['a', 'Tool A', 'mcp'],
      ['b', 'Tool B', 'mcp'],
      ['c', undefined, 'mcp'],
    ]);
    expect(tools[2]!.description).toBe('');
    expect(tools[2]!.meta).toEqual({ vendor: 'x' });
    expect(toTools(result.tools).map((tool) => tool.name)).toEqual(['a', 'b', 'c']);
    expect(toTools({ jsonrpc: '2.0', id: 1, result }).map((tool) => tool.name)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('reads plain objects with tags and meta, and defaults a missing schema', () => {
    const [tool] = toTools([
      { name: 'ping', description: 'Ping', tags: ['net', 3], meta: { id: 7 } },
    ]);
    expect(tool).toMatchObject({
      name: 'ping',
      format: 'plain',
      tags: ['net'],
      meta: { id: 7 },
      inputSchema: { type: 'object', properties: {} },
    });
  });

  it('passes canonical tools through, so conversion is idempotent', () => {
    const once = toTools([{ name: 'x', description: 'y' }]);
    const twice = toTools(once);
    expect(twice[0]).toBe(once[0]);
    expect(isCanonicalTool(once[0])).toBe(true);
    expect(isCanonicalTool({ name: 'x' })).toBe(false);
  });

  it('rejects duplicate names, naming both entries', () => {
    const error = catchError(() => toTools([{ name: 'a' }, { name: 'b' }, { name: 'a' }]));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('tools[2].name');
    expect((error as Error).message).toContain('tools[2] and tools[0] are both named "a"');
  });

  it('rejects a missing or empty name, naming the entry and its format', () => {
    for (const entry of [
      { description: 'x' },
      { name: '  ' },
      { type: 'function', function: {} },
    ]) {
      const error = catchError(() => toTools([{ name: 'ok' }, entry]));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).argument).toBe('tools[1].name');
    }
  });

  it('rejects a schema that is not an object', () => {
    const error = catchError(() => toTools([{ name: 'a', input_schema: ['x'] }]));
    expect((error as InvalidArgumentError).argument).toBe('tools[0].input_schema');
    expect((error as Error).message).toContain('must be a JSON Schema object, got an array');
    const chat = catchError(() =>
      toTools([{ type: 'function', function: { name: 'f', parameters: 'x' } }]),
    );
    expect((chat as InvalidArgumentError).argument).toBe('tools[0].function.parameters');
  });

  it('rejects entries and inputs that are not tools', () => {
    expect((catchError(() => toTools([null])) as InvalidArgumentError).argument).toBe('tools[0]');
    expect((catchError(() => toTools('tools')) as InvalidArgumentError).argument).toBe('tools');
    expect((catchError(() => toTools({ items: [] })) as InvalidArgumentError).argument).toBe(
      'tools',
    );
  });

  it('accepts an empty catalogue', () => {
    expect(toTools([])).toEqual([]);
    expect(toTools({ tools: [] })).toEqual([]);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('toTools on a record keyed by name', () => {
  it('names each tool by its key and keeps the original', () => {
    const search = { description: 'Search the web', inputSchema: { type: 'object' } };
    const tools = toTools({ search, fetch_page: { description: 'Fetch a page', parameters: {} } });
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'fetch_page']);
    expect(tools[0]!.original).toBe(search);
  });

  it('names the AI SDK adapter for a tool set whose schemas are zod or Standard Schema', () => {
    const zodLike = { '~standard': { version: 1, vendor: 'zod' }, _zod: {} };
    expect(() => toTools({ weather: { description: 'Weather', inputSchema: zodLike } })).toThrow(
      /tools\.weather "weather": inputSchema is not JSON Schema.*@shortlist\/ai-sdk/,
    );
    expect(() => toTools(Object.values({ weather: { inputSchema: zodLike } }))).toThrow(
      /has no name/,
    );
  });

  it('names the LangChain adapter for a tool whose schema is zod', () => {
    const tool = { name: 'add', description: 'Add', schema: { _def: { typeName: 'ZodObject' } } };
    expect(() => toTools([tool])).toThrow(/schema is not JSON Schema.*@shortlist\/langchain/);
  });
});
