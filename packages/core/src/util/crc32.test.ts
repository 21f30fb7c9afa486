import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSnapshot } from '../snapshot/snapshot-codec.js';
import { crc32, portableCrc32 } from './crc32.js';

/** A snapshot written by the encoder before it had a portable checksum (zlib's, container 2). */
const ZLIB_SNAPSHOT =
  'U0xTTgIAAADmAAAAeyJraW5kIjoiZml4dHVyZSIsImZvcm1hdFZlcnNpb24iOjEsIm1ldGEiOnsibmFtZXMiOlsic2VuZF9lbWFpbCIsIsO8Il0sIm5vdGUiOiJ3cml0dGVuIGJ5IHpsaWIgY3JjMzIsIGNvbnRhaW5lciAyIn0sImFycmF5cyI6W3sidHlwZSI6IkZsb2F0MzJBcnJheSIsImxlbmd0aCI6M30seyJ0eXBlIjoiVWludDMyQXJyYXkiLCJsZW5ndGgiOjd9LHsidHlwZSI6IlVpbnQ4QXJyYXkiLCJsZW5ndGgiOjN9XX0AAAAAAAAAAMA/AAAAwAAAUEAAAAAAAQAAAAIAAAADAAAABAAAAAUAAAAGAAAABwAAAAAAAAAJCAcAAAAAACQl61swAQAA';

const bytesOf = (base64: string): Uint8Array => Uint8Array.from(Buffer.from(base64, 'base64'));

describe('portableCrc32', () => {
  it('gives the published check value and the empty input', () => {
    expect(portableCrc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(portableCrc32(new Uint8Array(0))).toBe(0);
  });

  it('equals zlib on any bytes, at any offset and length (slices and tails)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(16), (data, skip) => {
        const view = data.subarray(Math.min(skip, data.length));
        expect(portableCrc32(view)).toBe(zlibCrc32(view));
      }),
      { numRuns: 500 },
    );
  });

  it('equals zlib on a megabyte', () => {
    const big = new Uint8Array(1 << 20);
    for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
    expect(portableCrc32(big)).toBe(zlibCrc32(big));
    expect(crc32(big)).toBe(zlibCrc32(big));
  });
});

describe('snapshots written with zlib', () => {
  it('carry the checksum the portable loop computes, so they restore where zlib is absent', () => {
    const bytes = bytesOf(ZLIB_SNAPSHOT);
    const view = new DataView(bytes.buffer);
    const end = view.getUint32(bytes.length - 4, true);
    expect(portableCrc32(bytes.subarray(0, end))).toBe(view.getUint32(end, true));
  });

  it('still restore', () => {
    const restored = decodeSnapshot(bytesOf(ZLIB_SNAPSHOT), { kind: 'fixture', formatVersion: 1 });
    expect(restored.meta).toEqual({
      names: ['send_email', 'ü'],
      note: 'written by zlib crc32, container 2',
    });
    expect(restored.arrays).toEqual([
      new Float32Array([1.5, -2, 3.25]),
      new Uint32Array([1, 2, 3, 4, 5, 6, 7]),
      new Uint8Array([9, 8, 7]),
    ]);
  });
});
