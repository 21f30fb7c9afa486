import {
  checkPackedTerms,
  encodeSnapshot,
  failSnapshot,
  isOffsetList,
  openRankerSnapshot,
  type PackedTerms,
  packedTermCount,
  packTerms,
} from '@shortlist/core/kit';

/** Bump whenever the layout below, or how names are folded, changes; older snapshots are refused. */
const FORMAT_VERSION = 1;
const KIND = 'exact-names';

/** Strings laid end to end: string `i` is `chars[starts[i]]` up to `chars[starts[i + 1]]`. */
export interface PackedTexts {
  readonly chars: Uint16Array;
  readonly starts: Int32Array;
}

/**
 * Every spelling of an `ExactSpellings`, grouped by lookup key in its order, so a restore reads
 * them in place: key `k` holds spellings `keyStart[k]` up to `keyStart[k + 1]`.
 */
export interface PackedSpellings {
  readonly names: readonly string[];
  readonly keys: PackedTerms;
  readonly keyStart: Int32Array;
  /** Folded spelling and the spelling as written, per spelling. */
  readonly texts: PackedTexts;
  readonly written: PackedTexts;
  /** The tool's position in `names`, per spelling. */
  readonly tools: Int32Array;
  /** 1 where the spelling is one plain word, per spelling. */
  readonly plain: Uint8Array;
}

/** One spelling as `packSpellings` takes it. */
export interface SpellingEntry {
  readonly text: string;
  readonly written: string;
  readonly tool: string;
  readonly plain: boolean;
}

/** Lays `texts` end to end. */
function packTexts(texts: readonly string[]): PackedTexts {
  let length = 0;
  for (const text of texts) length += text.length;
  const chars = new Uint16Array(length);
  const starts = new Int32Array(texts.length + 1);
  let at = 0;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    for (let c = 0; c < text.length; c++) chars[at++] = text.charCodeAt(c);
    starts[i + 1] = at;
  }
  return { chars, starts };
}

/** String `i` of `packed`, made a few thousand code units at a time. */
export function textAt(packed: PackedTexts, i: number): string {
  const { chars, starts } = packed;
  let text = '';
  for (let at = starts[i]!; at < starts[i + 1]!; at += 4096) {
    const end = Math.min(starts[i + 1]!, at + 4096);
    text += String.fromCharCode.apply(null, chars.subarray(at, end) as unknown as number[]);
  }
  return text;
}

/** Packs spellings grouped by key (`groups` in key order), with the catalogue's names. */
export function packSpellings(
  names: readonly string[],
  groups: readonly (readonly [string, readonly SpellingEntry[]])[],
): PackedSpellings {
  const slot = new Map<string, number>();
  for (let i = 0; i < names.length; i++) slot.set(names[i]!, i);
  const keyStart = new Int32Array(groups.length + 1);
  const texts: string[] = [];
  const written: string[] = [];
  const tools: number[] = [];
  const plain: number[] = [];
  groups.forEach(([, spellings], k) => {
    for (const spelling of spellings) {
      texts.push(spelling.text);
      written.push(spelling.written);
      tools.push(slot.get(spelling.tool)!);
      plain.push(spelling.plain ? 1 : 0);
    }
    keyStart[k + 1] = texts.length;
  });
  return {
    names,
    keys: packTerms(groups.map(([key]) => key)),
    keyStart,
    texts: packTexts(texts),
    written: packTexts(written),
    tools: Int32Array.from(tools),
    plain: Uint8Array.from(plain),
  };
}

interface SnapshotMeta {
  readonly titles: boolean;
  readonly names: readonly string[];
}

/** Serialises packed spellings, and whether titles were spelt. */
export function writeExactSnapshot(packed: PackedSpellings, titles: boolean): Uint8Array {
  const meta: SnapshotMeta = { titles, names: packed.names };
  const { keys, texts, written } = packed;
  return encodeSnapshot({
    kind: KIND,
    formatVersion: FORMAT_VERSION,
    meta,
    arrays: [
      keys.chars,
      keys.starts,
      keys.table,
      packed.keyStart,
      texts.chars,
      texts.starts,
      written.chars,
      written.starts,
      packed.tools,
      packed.plain,
    ],
  });
}

const corrupt = (why: string): never => failSnapshot(KIND, why);

/**
 * Reads a snapshot back by view, checking integrity (via the core codec), that it spelt titles as
 * this ranker does, and every offset, slot and flag, throwing `CorruptDataError` otherwise. The
 * caller checks the names against the tools (`checkSnapshotNames`).
 */
export function readExactSnapshot(bytes: Uint8Array, titles: boolean): PackedSpellings {
  const content = openRankerSnapshot(
    bytes,
    { kind: KIND, formatVersion: FORMAT_VERSION },
    { key: 'titles', value: titles, other: 'other title settings (titles)' },
  );
  const { names } = content;
  const a = content.arrays;
  if (
    a.length !== 10 ||
    !(a[0] instanceof Uint8Array || a[0] instanceof Uint16Array) ||
    !(a[1] instanceof Int32Array) ||
    !(a[2] instanceof Int32Array) ||
    !(a[3] instanceof Int32Array) ||
    !(a[4] instanceof Uint16Array) ||
    !(a[5] instanceof Int32Array) ||
    !(a[6] instanceof Uint16Array) ||
    !(a[7] instanceof Int32Array) ||
    !(a[8] instanceof Int32Array) ||
    !(a[9] instanceof Uint8Array)
  ) {
    return corrupt('its arrays are not the expected keys, spellings, tools and flags');
  }
  const keys = { chars: a[0], starts: a[1], table: a[2] };
  checkPackedTerms(KIND, keys);
  const [keyStart, textChars, textStarts, writtenChars, writtenStarts, tools, plain] = [
    a[3],
    a[4],
    a[5],
    a[6],
    a[7],
    a[8],
    a[9],
  ];
  const count = tools.length;
  if (
    keyStart.length !== packedTermCount(keys) + 1 ||
    !isOffsetList(keyStart, count) ||
    textStarts.length !== count + 1 ||
    !isOffsetList(textStarts, textChars.length) ||
    writtenStarts.length !== count + 1 ||
    !isOffsetList(writtenStarts, writtenChars.length) ||
    plain.length !== count
  ) {
    corrupt('its offsets do not match its keys and spellings');
  }
  for (let s = 0; s < count; s++) {
    if (!(tools[s]! >= 0 && tools[s]! < names.length)) corrupt(`tool ${tools[s]} is out of range`);
    if (plain[s]! > 1) corrupt('its plain-word flags are not 0 or 1');
  }
  return {
    names,
    keys,
    keyStart,
    texts: { chars: textChars, starts: textStarts },
    written: { chars: writtenChars, starts: writtenStarts },
    tools,
    plain,
  };
}
