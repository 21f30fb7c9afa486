import { InvalidArgumentError } from '@shortlist/core';
import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { readAiSdkTools } from './read-ai-sdk-tools.js';

describe('readAiSdkTools', () => {
  it('converts zod 4, zod 3 and jsonSchema() schemas with the SDK, keeping the originals', async () => {
    const tools = {
      forecast: tool({
        description: 'Weather forecast',
        inputSchema: z.object({ city: z.string().describe('City name') }),
      }),
      legacy: tool({ description: 'Old zod', inputSchema: z3.object({ id: z3.number() }) }),
      raw: tool({
        description: 'Raw schema',
        inputSchema: jsonSchema({ type: 'object', properties: { q: { type: 'string' } } }),
      }),
    };
    const read = await readAiSdkTools(tools);
    expect(read.map((entry) => entry.name)).toEqual(['forecast', 'legacy', 'raw']);
    expect(read[0]!.inputSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' } },
    });
    expect(read[1]!.inputSchema).toMatchObject({ properties: { id: { type: 'number' } } });
    expect(read[2]!.inputSchema).toMatchObject({ properties: { q: { type: 'string' } } });
    expect(read[0]!.original).toBe(tools.forecast);
    expect(read.every((entry) => entry.format === 'ai-sdk')).toBe(true);
  });

  it('names the tool whose schema the SDK cannot convert, and what to pass instead', async () => {
    const broken = tool({
      description: 'Broken',
      inputSchema: jsonSchema(() => {
        throw new Error('schema service unavailable');
      }),
    });
    const error = await readAiSdkTools({ broken }).catch((e: unknown) => e);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /tools\.broken "broken".*schema service unavailable.*zod schema, a Standard Schema or jsonSchema/,
    );
  });
});
