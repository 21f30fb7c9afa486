import { lexical } from '@shortlist/lexical';
import { describe, expect, it } from 'vitest';
import { columnLegend } from './column-legend.js';
import { selectionTable } from './render-selection.js';
import { sampleQueries, sampleTools } from './sample-data.js';

/**
 * The tool each demo request needs, judged by what the request asks for (null: nothing in the
 * catalogue does it in the request's language, so the answer is "no tool matched").
 */
const needs: Readonly<Record<string, string | null>> = {
  'ping the team about the outage': 'chat_post_message',
  'email the quarterly report to finance': 'email_send',
  'schedule a meeting with Priya and Tom next Tuesday': 'calendar_create_event',
  'who is on call for the payments service tonight': 'oncall_get_schedule',
  'refund the duplicate charge for order 1042': 'payments_refund',
  'open a PR for my feature branch': 'git_create_pull_request',
  'how many visitors did the website get last week': 'analytics_get_page_views',
  'book a flight from Lisbon to Berlin on Friday': 'travel_search_flights',
  'the customer says the app crashes, open a ticket': 'tickets_create',
  'roll back the checkout service in production': 'cloud_rollback_deployment',
  'remind me to call Anna at 5pm': 'reminders_create',
  '¿qué tiempo hará mañana en Madrid?': null,
};

/**
 * Requests `lexical()` still gets wrong, and why; the test fails when one is fixed, so the list
 * shrinks. The catalogue describes its tools as a real one would and never quotes a sample
 * request. No general ranking change found so far fixes them: the winner shares as many or more
 * of the request's words (a lexical ranker cannot read intent); the rules measured and not
 * shipped (a question's opening, the request's first word in a tool's name, "who" kept as a
 * word) are in the packages/lexical README, Limits.
 */
const knownMisses: Readonly<Record<string, string>> = {
  'ping the team about the outage':
    'oncall_get_schedule ("Show who is on call now and next for a team") shares "team", as chat_post_message does; no description has "ping" or "outage"',
  'email the quarterly report to finance':
    'analytics_export_report ("Export a report … and email it") shares "report" and "email"; email_send is the last of the ten email_* tools',
  'who is on call for the payments service tonight':
    'incident_page_on_call ("Page whoever is on call for a service") shares "call" and "service"; oncall_get_schedule shares only "call" ("who", "is", "on" are stopwords)',
};

describe("the demo's sample requests over its sample catalogue", async () => {
  const queries = await sampleQueries();
  const picker = await lexical().index(await sampleTools());
  const selections = await Promise.all(queries.map((query) => picker.select(query, { limit: 3 })));

  it('has a judged answer for every sample request', () => {
    expect([...queries].sort()).toEqual(Object.keys(needs).sort());
  });

  it.each(queries.map((query, i) => [query, i] as const))(
    '%s: the needed tool is #1 (or a known miss)',
    (query, i) => {
      const selection = selections[i]!;
      const needed = needs[query];
      if (needed === null) {
        expect(selection.picks).toEqual([]);
        expect(selection.abstained).toBeDefined();
        expect(selectionTable(selection)).toMatch(/^no tool matched: /);
      } else if (Object.hasOwn(knownMisses, query)) {
        expect(selection.picks[0]?.name, knownMisses[query]).not.toBe(needed);
      } else {
        expect(selection.picks[0]?.name).toBe(needed);
      }
    },
  );

  it('shows a question whose first pick acts as unsure, with the confidence it prints', () => {
    const question = 'who is on call for the payments service tonight';
    const selection = selections[queries.indexOf(question)]!;
    // The pick pages someone; the request only asks: lexical() lowers its confidence (general:
    // MCP annotations or the verb a tool opens with, against a request that asks).
    expect(selection.picks[0]?.name).toBe('incident_page_on_call');
    expect(selection.confidence!.first).toBeLessThan(0.5);
    expect(selectionTable(selection)).toMatch(
      /\nconfidence: first pick right \d+% \(unsure: more likely wrong than right\)/,
    );
    const sure = selections[queries.indexOf('roll back the checkout service in production')]!;
    expect(selectionTable(sure)).toMatch(/\nconfidence: first pick right \d+%, a right tool/);
  });

  it("explains, in the header, every column the demo's tables print", () => {
    const legend = columnLegend(selections, true);
    const headers = new Set(
      selections.flatMap((selection) =>
        selection.picks.length === 0
          ? []
          : selectionTable(selection)
              .split('\n')[0]!
              .split(/\s{2,}/),
      ),
    );
    for (const header of headers) {
      if (header === '#' || header === 'tool' || header === 'score' || header === 'tokens')
        continue;
      expect(legend, header).toMatch(new RegExp(`^  ${header}\\s+\\S`, 'm'));
      expect(legend, header).not.toContain(`the ${header.replace(' #', '')} ranker`);
    }
    expect(legend).toMatch(/^ {2}tokens\s+/m);
    expect(columnLegend(selections, false)).not.toMatch(/tokens/);
  });
});
