import { describe, expect, it } from 'vitest';
import { compareIds, trimmedSince } from './stream-ids.js';

/** `XINFO STREAM` as ioredis returns it (Redis 7.0): field, value, field, value... */
const info = (fields: Record<string, unknown>) => Object.entries(fields).flat();
const entry = (id: string) => [id, ['op', 'add', 'name', 'x', 'tool', '{}']];

describe('stream ids', () => {
  it('orders ids by time, then by sequence, as numbers', () => {
    expect(compareIds('1700000000000-10', '1700000000000-9')).toBeGreaterThan(0);
    expect(compareIds('1700000000001-0', '1700000000000-99')).toBeGreaterThan(0);
    expect(compareIds('0', '1700000000000-0')).toBeLessThan(0);
    expect(compareIds('5-1', '5-1')).toBe(0);
  });

  it('tells whether changes after an id were trimmed away, when unsure saying yes', () => {
    const untrimmed = {
      length: 3,
      'last-generated-id': '100-2',
      'max-deleted-entry-id': '0-0',
      'entries-added': 3,
      'first-entry': entry('100-0'),
    };
    expect(trimmedSince(info(untrimmed), '0')).toBe(false);
    const trimmed = {
      ...untrimmed,
      length: 2,
      'entries-added': 250,
      'first-entry': entry('100-1'),
    };
    expect(trimmedSince(info(trimmed), '0')).toBe(true);
    expect(trimmedSince(info(trimmed), '100-0')).toBe(true); // could have been missed: resync
    expect(trimmedSince(info(trimmed), '100-1')).toBe(false); // read up to the oldest left
    const emptied = { ...trimmed, length: 0, 'first-entry': null };
    expect(trimmedSince(info(emptied), '100-1')).toBe(true);
    expect(trimmedSince(info(emptied), '100-2')).toBe(false);
    const deleted = { ...untrimmed, 'max-deleted-entry-id': '100-1' };
    expect(trimmedSince(info(deleted), '100-0')).toBe(true);
    // Redis 6 says neither how many were added nor what was deleted: judge by the oldest left.
    expect(trimmedSince(['length', 2, 'first-entry', entry('100-1')], '0')).toBe(true);
    expect(trimmedSince(['length', 2, 'first-entry', entry('100-1')], '100-1')).toBe(false);
    expect(trimmedSince(undefined, '0')).toBe(false); // no stream yet
  });
});
