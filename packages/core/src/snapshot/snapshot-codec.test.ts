import { describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot-codec.js';

const content = {
  kind: 'test',
  formatVersion: 3,
  meta: { names: ['a', '__proto__', 'ü'], k1: 1.2 },
  arrays: [
    new Float32Array([1.5, -2, 3.25]),
    new Uint32Array([1, 2, 3, 4, 5]),
    new Uint8Array([7]),
    new Float64Array([Math.PI]),
  ],
};

function corruptError(run: () => unknown): CorruptDataError {
  try {
    run();
  } catch (error) {
    if (CorruptDataError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CorruptDataError');
}

describe('snapshot codec', () => {
  it('round-trips metadata and typed arrays', () => {
    const bytes = encodeSnapshot(content);
    const decoded = decodeSnapshot(bytes, { kind: 'test', formatVersion: 3 });
    expect(decoded.meta).toEqual(content.meta);
    expect(decoded.arrays).toEqual(content.arrays);
    expect(decoded.arrays.map((array) => array.constructor.name)).toEqual([
      'Float32Array',
      'Uint32Array',
      'Uint8Array',
      'Float64Array',
    ]);
  });

  it('reads a snapshot that sits at an unaligned offset', () => {
    const bytes = encodeSnapshot(content);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const decoded = decodeSnapshot(shifted.subarray(3), { kind: 'test', formatVersion: 3 });
    expect(decoded.arrays[0]).toEqual(content.arrays[0]);
  });

  it('rejects every truncation', () => {
    const bytes = encodeSnapshot(content);
    for (let length = 0; length < bytes.length; length += 5) {
      const error = corruptError(() =>
        decodeSnapshot(bytes.slice(0, length), { kind: 'test', formatVersion: 3 }),
      );
      expect(error.source).toBe('test snapshot');
    }
  });

  it('rejects any single flipped byte', () => {
    const bytes = encodeSnapshot(content);
    for (let i = 0; i < bytes.length; i += 3) {
      const altered = bytes.slice();
      altered[i] = altered[i]! ^ 0x5a;
      corruptError(() => decodeSnapshot(altered, { kind: 'test', formatVersion: 3 }));
    }
  });

  it('rejects another kind or format version, saying which', () => {
    const bytes = encodeSnapshot(content);
    expect(
      corruptError(() => decodeSnapshot(bytes, { kind: 'bm25', formatVersion: 3 })).message,
    ).toContain('written by "test", not "bm25"');
    expect(
      corruptError(() => decodeSnapshot(bytes, { kind: 'test', formatVersion: 4 })).message,
    ).toContain('format version 3');
  });

  it('hands back views into the bytes when asked, copying only misaligned input', () => {
    const bytes = encodeSnapshot(content);
    const expected = { kind: 'test', formatVersion: 3 };
    const views = decodeSnapshot(bytes, expected, { views: true });
    expect(views.arrays).toEqual(content.arrays);
    expect(views.arrays.every((array) => array.buffer === bytes.buffer)).toBe(true);
    expect(decodeSnapshot(bytes, expected).arrays[0]!.buffer).not.toBe(bytes.buffer);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const misaligned = decodeSnapshot(shifted.subarray(3), expected, { views: true });
    expect(misaligned.arrays).toEqual(content.arrays);
    expect(misaligned.arrays[0]!.buffer).not.toBe(shifted.buffer);
    // A misaligned Node Buffer too (its own slice() is a view, so it must not be relied on).
    const buffer = Buffer.concat([Buffer.from([1, 2, 3]), bytes]).subarray(3);
    expect(decodeSnapshot(buffer, expected).arrays).toEqual(content.arrays);
    expect(decodeSnapshot(buffer, expected, { views: true }).arrays).toEqual(content.arrays);
  });
});
