import { createTool } from '@mastra/core/tools';
import { InvalidArgumentError } from '@shortlist/core';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { readMastraTools } from './read-mastra-tools.js';

const forecast = createTool({
  id: 'weather-forecast',
  description: 'Weather forecast for a city over the next days.',
  inputSchema: z.object({ city: z.string().describe('City name'), days: z.number().int() }),
  execute: async () => ({ forecast: 'sunny' }),
});

it('reads createTool() tools under their keys, schemas converted by Mastra, originals kept', async () => {
  const bare = createTool({ id: 'ping', description: 'Check the service is up.' });
  const [weather, ping] = await readMastraTools({ weather_forecast: forecast, ping: bare });
  expect(weather).toMatchObject({
    name: 'weather_forecast',
    description: 'Weather forecast for a city over the next days.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } },
      required: ['city', 'days'],
    },
  });
  expect(weather!.original).toBe(forecast);
  expect(ping!.inputSchema).toMatchObject({ type: 'object', properties: {} });
  expect(ping!.original).toBe(bare);
});

it('refuses what an Agent would not index: a tools function, an array, a null tool', async () => {
  const dynamic = (() => ({ weather_forecast: forecast })) as never;
  await expect(async () => readMastraTools(dynamic)).rejects.toThrow(
    /got a function; a tools function is resolved per request, so index the record it returns/,
  );
  await expect(async () => readMastraTools([forecast] as never)).rejects.toThrow(/got an array/);
  const broken = readMastraTools({ weather_forecast: forecast, gone: null } as never);
  await expect(broken).rejects.toBeInstanceOf(InvalidArgumentError);
  await expect(broken).rejects.toThrow(/tools\.gone is null/);
});

it('names the tool whose schema Mastra cannot convert', async () => {
  const odd = { id: 'odd', description: 'Odd.', inputSchema: 42 } as never;
  await expect(readMastraTools({ odd })).rejects.toThrow(
    /tools\.odd "odd": its input schema .*createTool\(\)/,
  );
});
