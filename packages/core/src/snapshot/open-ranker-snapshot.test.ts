import { describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { isOffsetList, openRankerSnapshot } from './open-ranker-snapshot.js';
import { encodeSnapshot } from './snapshot-codec.js';

const format = { kind: 'demo', formatVersion: 1 };
const setting = { key: 'fingerprint', value: 'a1', other: 'another analysis' } as const;
const snapshot = (meta: unknown) =>
  encodeSnapshot({ ...format, meta, arrays: [Int32Array.of(0, 2, 5)] });

describe('openRankerSnapshot()', () => {
  it('returns the metadata, names and arrays of a snapshot taken with the same setting', () => {
    const opened = openRankerSnapshot(
      snapshot({ fingerprint: 'a1', names: ['x', 'y'], extra: 3 }),
      format,
      setting,
    );
    expect(opened.names).toEqual(['x', 'y']);
    expect(opened.meta.extra).toBe(3);
    expect([...(opened.arrays[0] as Int32Array)]).toEqual([0, 2, 5]);
  });

  it('refuses another setting, missing metadata or a malformed name list, saying which', () => {
    const open = (meta: unknown) => () => openRankerSnapshot(snapshot(meta), format, setting);
    expect(open({ fingerprint: 'b2', names: [] })).toThrow(/another analysis \(b2\).*uses a1/);
    expect(open(null)).toThrow(/metadata is missing/);
    expect(open([1])).toThrow(/metadata is missing/);
    expect(open({ fingerprint: 'a1', names: ['x', 2] })).toThrow(/name list is malformed/);
    expect(open({ fingerprint: 'a1' })).toThrow(CorruptDataError);
  });
});

describe('isOffsetList()', () => {
  it('accepts offsets from 0 that never go down and end where told', () => {
    expect(isOffsetList(Int32Array.of(0, 2, 2, 5), 5)).toBe(true);
    expect(isOffsetList(Int32Array.of(0), 0)).toBe(true);
  });

  it('refuses an empty list, a wrong start or end, and a step down', () => {
    expect(isOffsetList(new Int32Array(0), 0)).toBe(false);
    expect(isOffsetList(Int32Array.of(1, 5), 5)).toBe(false);
    expect(isOffsetList(Int32Array.of(0, 4), 5)).toBe(false);
    expect(isOffsetList(Int32Array.of(0, 3, 2, 5), 5)).toBe(false);
  });
});
