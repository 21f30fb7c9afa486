import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { pipe } from '../pipeline/pipe.js';
import { overlapRanker } from '../test-plugins.js';
import { toCatalogue } from './catalogue.js';
import { toTools } from './to-tools.js';

const definitions = [
  { name: 'send_email', description: 'Send an email to a contact', parameters: {} },
  {
    type: 'function',
    function: { name: 'get_weather', description: 'Weather for a city', parameters: {} },
  },
  { name: 'read_file', description: 'Read a file from disk', inputSchema: { type: 'object' } },
];

describe('toCatalogue', () => {
  it('converts like toTools, frozen, and gives the same catalogue back for one it made', () => {
    const catalogue = toCatalogue(definitions);
    expect(catalogue).toEqual(toTools(definitions));
    expect(Object.isFrozen(catalogue)).toBe(true);
    expect(toCatalogue(catalogue)).toBe(catalogue);
  });

  it('refuses what toTools refuses, with the same errors', () => {
    const twice = [definitions[0], definitions[0]];
    expect(() => toCatalogue(twice)).toThrow(InvalidArgumentError);
    expect(() => toCatalogue(twice)).toThrow(
      /tools\[1\] and tools\[0\] are both named "send_email"/,
    );
    expect(() => toCatalogue([{ description: 'no name' }])).toThrow(/has no name/);
  });

  it('indexes and restores as the tools would, and a picker that changes never changes the catalogue', async () => {
    const catalogue = toCatalogue(definitions);
    const first = await pipe(overlapRanker()).index(catalogue);
    await first.add([{ name: 'send_sms', description: 'Send a text message', parameters: {} }]);
    await first.remove(['read_file']);
    expect(first.tools().map((tool) => tool.name)).toEqual([
      'send_email',
      'get_weather',
      'send_sms',
    ]);
    // A second pipeline over the same catalogue sees the catalogue, not the first picker's changes.
    const second = await pipe(overlapRanker()).index(catalogue);
    expect(second.tools().map((tool) => tool.name)).toEqual([
      'send_email',
      'get_weather',
      'read_file',
    ]);
    expect(second.get('send_sms')).toBeUndefined();
    expect((await second.select('read a file')).picks[0]?.name).toBe('read_file');
    expect(catalogue).toHaveLength(3);
  });

  it('still checks a frozen array it did not make', async () => {
    const [tool] = toTools(definitions);
    const frozen = Object.freeze([tool, tool]);
    await expect(pipe(overlapRanker()).index(frozen)).rejects.toThrow(/both named "send_email"/);
  });
});
