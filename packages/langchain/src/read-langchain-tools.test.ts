import { DynamicTool, tool } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { bm25 } from '@shortlist/bm25';
import { InvalidArgumentError, pipe } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { readLangChainTools } from './read-langchain-tools.js';

const scanSecrets = tool(async () => 'clean', {
  name: 'scan_secrets',
  description: 'Scan a repository for committed credentials.',
  schema: z.object({
    repo: z.string().describe('Repository URL'),
    depth: z.enum(['head', 'history']).optional(),
  }),
});
const getWeather = tool(async () => 'sunny', {
  name: 'get_weather',
  description: 'Current weather for a city.',
  schema: z3.object({ city: z3.string().describe('City name') }),
});
const sendEmail = tool(async () => 'sent', {
  name: 'send_email',
  description: 'Send an email.',
  schema: {
    type: 'object',
    properties: { to: { type: 'string' }, body: { type: 'string' } },
    required: ['to'],
  },
});
const echo = new DynamicTool({
  name: 'echo',
  description: 'Echo text back.',
  func: async (s) => s,
});

describe('readLangChainTools', () => {
  it('keeps each schema exactly as LangChain sends it to the model, for zod 4, zod/v3 and JSON Schema', async () => {
    const read = await readLangChainTools([scanSecrets, getWeather, sendEmail, echo]);
    expect(read.map((t) => t.name)).toEqual(['scan_secrets', 'get_weather', 'send_email', 'echo']);
    for (const [i, native] of [scanSecrets, getWeather, sendEmail, echo].entries()) {
      expect(read[i]!.inputSchema).toEqual(convertToOpenAITool(native).function.parameters);
      expect(read[i]!.original).toBe(native);
      expect(read[i]!.format).toBe('langchain');
    }
    expect(read[0]!.inputSchema).toMatchObject({
      properties: { repo: { description: 'Repository URL' }, depth: { enum: ['head', 'history'] } },
    });
    expect(read[1]!.inputSchema).toMatchObject({
      properties: { city: { description: 'City name' } },
    });
  });

  it('reads a record keyed by name and lets a ranker use parameter descriptions', async () => {
    const read = await readLangChainTools({ scanSecrets, getWeather });
    expect(read.map((t) => t.name)).toEqual(['scan_secrets', 'get_weather']);
    const picker = await pipe(bm25()).index(read);
    const selection = await picker.select('repository url', { limit: 1 });
    expect(selection.originals).toEqual([scanSecrets]);
  });

  it('names the tool it cannot read and says what to change', async () => {
    const notATool = { name: 'raw', description: 'plain object', parameters: {} };
    const error = await readLangChainTools([scanSecrets, notATool as never]).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.message).toMatch(/tools\[1\] "raw".*not a LangChain tool.*toTools\(\)/);

    const duplicate = tool(async () => '', {
      name: 'scan_secrets',
      description: 'again',
      schema: z.object({}),
    });
    await expect(readLangChainTools([scanSecrets, duplicate])).rejects.toThrow(/scan_secrets/);
    await expect(readLangChainTools([null as never])).rejects.toThrow(/tools\[0\] is null/);
    await expect(readLangChainTools('tools' as never)).rejects.toBeInstanceOf(InvalidArgumentError);
    const nameless = { description: 'x', schema: z.object({}) };
    await expect(readLangChainTools([nameless as never])).rejects.toThrow(/has no name/);
  });
});
