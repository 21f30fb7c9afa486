import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { decodePickerSnapshot, encodePickerSnapshot } from './picker-container.js';
import { encodeSnapshot } from './snapshot-codec.js';

const parts = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.uint8Array({ maxLength: 200 }),
  { maxKeys: 6 },
);
const container = fc.record({ configuration: fc.string(), catalogue: fc.string(), parts });

const plain = (record: Readonly<Record<string, Uint8Array>>) =>
  Object.fromEntries(Object.entries(record).map(([id, bytes]) => [id, [...bytes]]));

describe('encodePickerSnapshot / decodePickerSnapshot', () => {
  it('reads back exactly what was written, parts 8-byte aligned', () => {
    fc.assert(
      fc.property(container, (snapshot) => {
        const decoded = decodePickerSnapshot(encodePickerSnapshot(snapshot), {
          configuration: snapshot.configuration,
          catalogue: snapshot.catalogue,
        });
        expect(decoded.configuration).toBe(snapshot.configuration);
        expect(decoded.catalogue).toBe(snapshot.catalogue);
        expect(plain(decoded.parts)).toEqual(plain(snapshot.parts));
        for (const part of Object.values(decoded.parts)) expect(part.byteOffset % 8).toBe(0);
      }),
    );
  });

  it('keeps a part whatever its id, "__proto__" and "constructor" included', () => {
    const parts = Object.fromEntries([
      ['__proto__', new Uint8Array([1, 2])],
      ['constructor', new Uint8Array([3])],
    ]);
    const decoded = decodePickerSnapshot(
      encodePickerSnapshot({ configuration: 'c', catalogue: 'k', parts }),
    );
    expect(Object.keys(decoded.parts).sort()).toEqual(['__proto__', 'constructor']);
    expect([...decoded.parts.__proto__!]).toEqual([1, 2]);
    expect(Object.getPrototypeOf(decoded.parts)).toBe(Object.prototype);
  });

  it('refuses any changed byte or truncation with CorruptDataError', () => {
    fc.assert(
      fc.property(container, fc.nat(), fc.integer({ min: 1, max: 255 }), (snapshot, at, flip) => {
        const bytes = encodePickerSnapshot(snapshot);
        const damaged = bytes.slice();
        damaged[at % bytes.length]! ^= flip;
        expect(() => decodePickerSnapshot(damaged)).toThrow(CorruptDataError);
        expect(() => decodePickerSnapshot(bytes.subarray(0, at % bytes.length))).toThrow(
          CorruptDataError,
        );
      }),
    );
  });

  it('refuses arbitrary bytes with CorruptDataError, never another error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(() => decodePickerSnapshot(bytes)).toThrow(CorruptDataError);
      }),
    );
  });

  it('refuses a foreign container: a ranker snapshot, or a header of another shape', () => {
    const ranker = encodeSnapshot({ kind: 'bm25', formatVersion: 1, meta: {}, arrays: [] });
    expect(() => decodePickerSnapshot(ranker)).toThrow(/written by "bm25"/);
    const odd = encodeSnapshot({
      kind: 'shortlist-picker',
      formatVersion: 1,
      meta: { configuration: 'c', catalogue: 'k', rankers: ['a', 'a'] },
      arrays: [new Uint8Array(1), new Uint8Array(1)],
    });
    expect(() => decodePickerSnapshot(odd)).toThrow(CorruptDataError);
    const wrongArrays = encodeSnapshot({
      kind: 'shortlist-picker',
      formatVersion: 1,
      meta: { configuration: 'c', catalogue: 'k', rankers: ['a'] },
      arrays: [new Float32Array(1)],
    });
    expect(() => decodePickerSnapshot(wrongArrays)).toThrow(/header it cannot read/);
  });

  it('refuses a container of another configuration or catalogue, saying which', () => {
    const bytes = encodePickerSnapshot({ configuration: 'a', catalogue: 'x', parts: {} });
    expect(() => decodePickerSnapshot(bytes, { configuration: 'b' })).toThrow(
      /another pipeline configuration/,
    );
    expect(() => decodePickerSnapshot(bytes, { catalogue: 'y' })).toThrow(/another catalogue/);
  });

  it('writes a Buffer part as plain bytes and rejects what is not a snapshot', () => {
    const bytes = encodePickerSnapshot({
      configuration: 'c',
      catalogue: 'k',
      parts: { bm25: Buffer.from([1, 2, 3]) },
    });
    expect([...decodePickerSnapshot(bytes).parts.bm25!]).toEqual([1, 2, 3]);
    const bad = { configuration: 'c', catalogue: 'k', parts: { bm25: [1, 2] } };
    expect(() => encodePickerSnapshot(bad as never)).toThrow(InvalidArgumentError);
    expect(() => encodePickerSnapshot({ catalogue: 'k', parts: {} } as never)).toThrow(
      /snapshot\.configuration/,
    );
  });
});
