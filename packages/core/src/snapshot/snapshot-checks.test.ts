import { describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { toTools } from '../tools/to-tools.js';
import {
  checkSnapshotNames,
  failSnapshot,
  isStringArray,
  sameToolNames,
} from './snapshot-checks.js';

describe('snapshot checks', () => {
  const tools = toTools([
    { name: 'send_email', description: 'Send an email' },
    { name: 'list_files', description: 'List files' },
  ]);

  it('accepts exactly the tools a snapshot was taken of, in any order', () => {
    expect(() => checkSnapshotNames('bm25', ['list_files', 'send_email'], tools)).not.toThrow();
  });

  it('tells the tools’ own names in their order from any other list', () => {
    expect(sameToolNames(['send_email', 'list_files'], tools)).toBe(true);
    expect(sameToolNames(['list_files', 'send_email'], tools)).toBe(false);
    expect(sameToolNames(['send_email'], tools)).toBe(false);
    expect(sameToolNames(['send_email', 'list_files', 'extra'], tools)).toBe(false);
    expect(sameToolNames(['send_email', null], tools)).toBe(false);
    expect(() => checkSnapshotNames('bm25', ['send_email', 'list_files'], tools)).not.toThrow();
  });

  it('refuses other tools with CorruptDataError naming the ranker and a missing tool', () => {
    const refusal = (names: string[]) => {
      try {
        checkSnapshotNames('bm25', names, tools);
      } catch (error) {
        expect(CorruptDataError.isInstance(error)).toBe(true);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal(['send_email'])).toMatch(
      /bm25 snapshot was taken of another catalogue \(1 tools, 2 given\)/,
    );
    expect(refusal(['send_email', 'drop_table'])).toMatch(/"drop_table" is not among the tools/);
    expect(refusal(['send_email', 'send_email'])).toMatch(
      /"send_email" is not among the tools, or repeats/,
    );
  });

  it('says why a snapshot cannot be restored and what to do', () => {
    expect(() => failSnapshot('tfidf', 'its terms repeat')).toThrow(
      /^tfidf snapshot cannot be restored: its terms repeat; re-index the tools/,
    );
  });

  it('tells string arrays from anything else', () => {
    expect(isStringArray(['a', ''])).toBe(true);
    expect(isStringArray([])).toBe(true);
    for (const value of [['a', 1], 'a', null, { 0: 'a', length: 1 }, [undefined]]) {
      expect(isStringArray(value)).toBe(false);
    }
  });
});
