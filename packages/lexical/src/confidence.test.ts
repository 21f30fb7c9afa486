import { toTools } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { defaultAbstainBelow } from './confidence-coefficients.js';
import { lexical } from './lexical.js';

const tools = [
  { name: 'email_send', description: 'Send an email to one or more recipients, with attachments' },
  { name: 'calendar_create_event', description: 'Schedule a meeting or event on a calendar' },
  { name: 'weather_get_forecast', description: 'Get the weather forecast for a city' },
  { name: 'files_create_folder', description: 'Create a folder in the drive' },
  { name: 'payments_refund', description: 'Refund a charge, fully or in part' },
  { name: 'oncall_get_schedule', description: 'Show who is on call now and next for a team' },
  { name: 'incident_page_on_call', description: 'Page whoever is on call for a service' },
];

describe("lexical()'s confidence", () => {
  it('puts a probability on every selection, the top five at least as likely as the first', async () => {
    const picker = await lexical().index(tools);
    for (const query of ['get the weather forecast for Paris', 'refund that charge', 'email Bob']) {
      const { confidence } = await picker.select(query);
      expect(confidence!.first).toBeGreaterThan(0);
      expect(confidence!.first).toBeLessThan(1);
      expect(confidence!.top5).toBeGreaterThanOrEqual(confidence!.first);
    }
    const plain = await picker.select('get the weather forecast for Paris');
    const vague = await picker.select('forecast');
    expect(plain.confidence!.first).toBeGreaterThan(vague.confidence!.first);
  });

  it('does not abstain on an everyday request that shares a word or two with its tool', async () => {
    const picker = await lexical().index(tools);
    const found = await picker.select('make a new folder called reports');
    expect(found.abstained).toBeUndefined();
    expect(found.picks[0]?.name).toBe('files_create_folder');
    expect(found.confidence!.first).toBeGreaterThan(defaultAbstainBelow);
  });

  it('is less sure of a first pick that acts when the request only asks', async () => {
    const annotated = (readOnly: boolean) =>
      toTools(
        tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          inputSchema: { type: 'object' },
          annotations: { readOnlyHint: readOnly, destructiveHint: !readOnly },
        })),
      );
    const question = 'who is on call for the payments service tonight';
    const reads = await lexical().index(annotated(true));
    const acts = await lexical().index(annotated(false));
    const [asRead, asActing] = await Promise.all([reads.select(question), acts.select(question)]);
    expect(asActing.picks[0]?.name).toBe(asRead.picks[0]?.name);
    expect(asActing.confidence!.first).toBeLessThan(asRead.confidence!.first);
  });

  it('reads whether a tool without annotations acts from the verb it opens with', async () => {
    const question = 'who is on call for the payments service tonight';
    const worded = (verb: string) =>
      tools.map((tool) =>
        tool.name === 'incident_page_on_call'
          ? { ...tool, description: `${verb} whoever is on call for a service` }
          : tool,
      );
    const asked = async (verb: string) =>
      (await lexical().index(worded(verb))).select(question, { abstain: 'never' });
    const [pages, shows] = [await asked('Page'), await asked('Show')];
    expect(pages.picks[0]?.name).toBe('incident_page_on_call');
    expect(shows.picks[0]?.name).toBe('incident_page_on_call');
    expect(pages.confidence!.first).toBeLessThan(shows.confidence!.first);
    // Asked as an order, the same tool is not doubted for acting.
    const order = await (await lexical().index(worded('Page'))).select(
      'page whoever is on call for the payments service',
    );
    expect(order.confidence!.first).toBeGreaterThan(pages.confidence!.first);
  });
});
