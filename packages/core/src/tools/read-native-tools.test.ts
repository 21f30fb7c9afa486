import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { type NativeToolReader, readNativeTools } from './read-native-tools.js';

/** A framework whose tools keep their schema behind a converter, as the AI SDK and LangChain do. */
interface FrameworkTool {
  description?: string;
  name?: string;
  schema: { toJson: () => unknown };
}
const reader: NativeToolReader<FrameworkTool> = {
  format: 'ai-sdk',
  schemaHint: 'give the tool a schema the framework can convert',
  read: (tool, key) => ({
    name: tool.name ?? key,
    description: tool.description,
    inputSchema: async () => tool.schema.toJson(),
  }),
};
const schema = (json: unknown) => ({ toJson: () => json });

describe('readNativeTools', () => {
  it('reads a record keyed by name, keeping each original object untouched', async () => {
    const weather = {
      description: 'Weather for a city',
      schema: schema({ type: 'object', properties: { city: { type: 'string' } } }),
    };
    const [tool] = await readNativeTools({ weather }, reader);
    expect(tool).toMatchObject({
      name: 'weather',
      description: 'Weather for a city',
      inputSchema: { properties: { city: { type: 'string' } } },
      format: 'ai-sdk',
    });
    expect(tool!.original).toBe(weather);
  });

  it('reads an array and gives a tool without arguments an empty object schema', async () => {
    const tools = await readNativeTools([{ name: 'ping', schema: schema(undefined) }], reader);
    expect(tools[0]!.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(tools[0]!.description).toBe('');
  });

  it('names the tool whose schema cannot be converted, with the cause and the hint', async () => {
    const broken = {
      schema: {
        toJson: () => {
          throw new Error('unsupported type: bigint');
        },
      },
    };
    const error = await readNativeTools({ ok: { schema: schema({}) }, broken }, reader).catch(
      (e: unknown) => e,
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('tools.broken.inputSchema');
    expect((error as Error).message).toContain('unsupported type: bigint');
    expect((error as Error).message).toContain('give the tool a schema');
  });

  it('rejects a schema that converts to something other than an object', async () => {
    await expect(readNativeTools([{ name: 'x', schema: schema([1]) }], reader)).rejects.toThrow(
      /tools\[0\] "x".*an array/,
    );
  });

  it('rejects nameless, non-object and duplicate tools with the tool named', async () => {
    await expect(readNativeTools([{ schema: schema({}) }], reader)).rejects.toThrow(
      /tools\[0\] \(ai-sdk\) has no name/,
    );
    await expect(
      readNativeTools({ a: null } as unknown as Record<string, FrameworkTool>, reader),
    ).rejects.toThrow(/tools\.a is null/);
    await expect(
      readNativeTools(
        [
          { name: 'same', schema: schema({}) },
          { name: 'same', schema: schema({}) },
        ],
        reader,
      ),
    ).rejects.toThrow(/both named "same"/);
    await expect(readNativeTools('tools' as never, reader)).rejects.toThrow(InvalidArgumentError);
  });
});
