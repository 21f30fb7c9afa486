import { createTool } from '@mastra/core/tools';
import { InvalidArgumentError, memoryExampleStore } from '@shortlist/core';
import { lexical } from '@shortlist/lexical';
import { expect, it } from 'vitest';
import type { StepMessages } from './model-messages.js';
import { shortlist } from './shortlist.js';
import { sampleMastraTools } from './test-catalogue.js';
import { assistant, call, text, user } from './test-messages.js';

const tools = sampleMastraTools([]);
const ask = (text: string): StepMessages => [user(text)];
const step = async (
  prepare: Awaited<ReturnType<typeof shortlist>>['prepareStep'],
  messages: StepMessages,
) =>
  (await prepare({ messages, steps: [], stepNumber: 0, model: {} } as never))!
    .activeTools as string[];

it('refuses options that could not work, saying what to change', async () => {
  const cases: [object, RegExp][] = [
    [{ pipeline: lexical(), examples: memoryExampleStore() }, /pass them to your own pipeline/],
    [{ preselect: false }, /no tool would ever be offered; set search: true/],
    [{ search: { toolName: 'search tools' } }, /toolName\) must be 1-64 letters/],
    [{ search: { toolName: 'weather_forecast' } }, /"weather_forecast" is already among the tools/],
    [{ search: { maxResults: 0 } }, /search\.maxResults\) must be a positive integer, got 0/],
    [{ alwaysActive: 'weather_forecast' }, /alwaysActive\) must be an array of tool names/],
    [{ maxConversations: 1.5 }, /maxConversations\) must be a positive integer/],
    [{ limit: 8, maxTools: 4 }, /maxTools \(4\) is below limit \(8\)/],
    [{ search: true, limit: 0 }, /toolSession\(options\.limit\) must be a positive integer, got 0/],
  ];
  for (const [options, message] of cases) {
    const made = shortlist(tools, options as never);
    await expect(made).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(made).rejects.toThrow(message);
  }
});

it('hands back the same tool objects, with search_tools beside them when searching', async () => {
  const picks = await shortlist(tools, { search: { toolName: 'find_tools', maxResults: 3 } });
  expect(Object.keys(picks.tools)).toEqual([...Object.keys(tools), 'find_tools']);
  for (const [name, tool] of Object.entries(tools)) expect(picks.tools[name]).toBe(tool);
  expect(Object.keys(await shortlist(tools).then((plain) => plain.tools))).toEqual(
    Object.keys(tools),
  );
  const found = (await picks.tools.find_tools!.execute!(
    { query: 'scan a repository for leaked API keys' } as never,
    {} as never,
  )) as { results: { name: string }[]; message: string };
  expect(found.results.length).toBeLessThanOrEqual(3);
  expect(found.results[0]!.name).toBe('secrets_scan_repository');
  expect(found.message).toMatch(/^Found \d tools?: secrets_scan_repository/);
});

it('answers a search no tool fits with the one message that says so, naming the nearest as guesses', async () => {
  const picks = await shortlist(tools, { search: true });
  const found = (await picks.tools.search_tools!.execute!(
    { query: '¿qué tiempo hará mañana en Madrid?' } as never,
    {} as never,
  )) as { results: unknown[]; message: string };
  expect(found.results).toEqual([]);
  expect(found.message).toMatch(
    /^No tool fits this request\.( The closest tools \([^)]+\) are unlikely to fit; use one only if it plainly does what the user asked\.)? Do not search again for it: answer without a tool, or ask the user what they need\.$/,
  );
});

it('keeps conversations apart and each one stable, and names in alwaysActive always pass', async () => {
  const picks = await shortlist(tools, { alwaysActive: ['updateWorkingMemory'] });
  const weather = await step(picks.prepareStep, ask('weather forecast for Oslo this week'));
  expect(weather[0]).toBe('updateWorkingMemory');
  expect(weather).toContain('weather_forecast');
  const hr = await step(picks.prepareStep, ask('list the employees in the engineering department'));
  expect(hr).not.toContain('weather_forecast');
  // The weather conversation's next turn keeps its earlier tools first, in the same order.
  const next = await step(picks.prepareStep, [
    ...ask('weather forecast for Oslo this week'),
    assistant(text('Sunny.')),
    user('and who is on leave in engineering?'),
  ]);
  expect(next.slice(0, weather.length)).toEqual(weather);
});

it('search only: a step offers the search tool, then what the history shows was found', async () => {
  const picks = await shortlist(tools, { search: true, preselect: false, maxConversations: 1 });
  const request = ask('did our stripe sk_live string get out');
  expect(await step(picks.prepareStep, request)).toEqual(['search_tools']);
  const searched = [
    ...request,
    assistant(call('call_9', 'search_tools', { query: 'leaked API key credentials' })),
  ];
  const after = await step(picks.prepareStep, searched);
  expect(after[0]).toBe('search_tools');
  expect(after).toContain('secrets_scan_repository');
  // Another conversation evicts this one (maxConversations: 1); its history brings the find back.
  await step(picks.prepareStep, ask('weather in Oslo'));
  expect(await step(picks.prepareStep, searched)).toEqual(after);
});

it('a failing example store never breaks a step; the error goes to onLearnError', async () => {
  const failures: unknown[] = [];
  const store = {
    ...memoryExampleStore(),
    addExamples: async () => Promise.reject(new Error('disk full')),
  };
  const picks = await shortlist(
    { weather_forecast: tools.weather_forecast! },
    { examples: store, onLearnError: (error) => failures.push(error) },
  );
  const called = [
    ...ask('weather forecast for Oslo'),
    assistant(call('c', 'weather_forecast', {})),
  ];
  await step(picks.prepareStep, ask('weather forecast for Oslo'));
  expect(await step(picks.prepareStep, called)).toEqual(['weather_forecast']);
  expect(failures).toHaveLength(1);
  expect(String(failures[0])).toMatch(/disk full/);
});

it('indexes a record with one createTool() tool and no schema', async () => {
  const ping = createTool({ id: 'ping', description: 'Check that the service answers.' });
  const picks = await shortlist({ ping });
  expect(await step(picks.prepareStep, ask('does the service answer?'))).toEqual(['ping']);
});
