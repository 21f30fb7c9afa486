import { describe, expect, it } from 'vitest';
import { noToolFits } from './no-tool-fits.js';

describe('noToolFits', () => {
  it('says no tool fits and not to search again, naming the nearest only as unlikely guesses', () => {
    expect(noToolFits()).toBe(
      'No tool fits this request. Do not search again for it: answer without a tool, or ask the user what they need.',
    );
    expect(noToolFits(['weather_get', 'maps_search'])).toBe(
      'No tool fits this request. The closest tools (weather_get, maps_search) are unlikely to fit; use one only if it plainly does what the user asked. Do not search again for it: answer without a tool, or ask the user what they need.',
    );
  });
});
