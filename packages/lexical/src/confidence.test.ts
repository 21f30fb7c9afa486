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

  it('abstains on no more everyday requests to a file-system tool set than the word rule did', async () => {
    const files = [
      ['read_text_file', 'Returns the text of one file at a path'],
      ['read_many_files', 'Returns the text of several files at once'],
      ['write_text_file', 'Writes text to a file, replacing what it held or making it'],
      ['patch_file', 'Applies line edits to a text file and shows the diff'],
      ['make_directory', 'Creates a directory, with any missing parent directories'],
      ['list_entries', 'Lists the files and directories under a path'],
      ['tree_of', 'Shows a directory and everything below it as a tree'],
      ['move_path', 'Moves or renames a file or directory'],
      ['find_paths', 'Finds files and directories whose names match a pattern'],
      ['stat_path', 'Size, times and permissions of a file or directory'],
    ].map(([name, description]) => ({ name: name!, description: description! }));
    const picker = await lexical().index(files);
    for (const request of [
      'make a new folder called reports',
      // No word of it is in any tool here: the word rule abstains, as it did before the bar.
      'new folder reports',
      'rename notes.txt to old-notes.txt',
      'show me what is in the docs folder',
      'save this text to notes.txt',
      'find all the pdf files',
      'move report.pdf into archive',
      'what are the permissions of deploy.sh',
    ]) {
      const today = await picker.select(request, { abstain: 0 });
      const now = await picker.select(request);
      expect(now.abstained !== undefined, request).toBe(today.abstained !== undefined);
      if (request !== 'new folder reports') expect(now.abstained, request).toBeUndefined();
    }
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
