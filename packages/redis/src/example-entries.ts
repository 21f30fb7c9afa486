import type { ExampleSelector, ToolExample } from '@shortlist/core';
import { checkExamples, checkSelector } from '@shortlist/core/kit';

/** One entry of an examples stream: an example learnt, or a forget (a tombstone) applied in order. */
export type ExampleEntry =
  | { readonly id: string; readonly op: 'add'; readonly example: ToolExample }
  | { readonly id: string; readonly op: 'forget'; readonly selector: ExampleSelector };

/** The stream fields of an added example (`at` already stamped). */
export function addFields(example: ToolExample & { readonly at: number }): string[] {
  return [
    'op',
    'add',
    'query',
    example.query,
    'tool',
    example.tool,
    'helpful',
    example.helpful === false ? '0' : '1',
    'at',
    String(example.at),
    ...(example.source === undefined ? [] : ['source', example.source]),
  ];
}

/** The stream fields of a forget. */
export function forgetFields(selector: ExampleSelector): string[] {
  return ['op', 'forget', 'selector', JSON.stringify(selector)];
}

type Decoded =
  | { readonly op: 'add'; readonly example: ToolExample }
  | { readonly op: 'forget'; readonly selector: ExampleSelector };

/** One entry's fields, checked as a caller's input would be; undefined when they are not an entry. */
function decode(record: Readonly<Record<string, string>>): Decoded | undefined {
  try {
    if (record.op === 'add') {
      const helpful = record.helpful === '0' ? false : record.helpful === '1' ? true : undefined;
      if (helpful === undefined || !record.at) return undefined;
      const [example] = checkExamples(
        [
          {
            query: record.query,
            tool: record.tool,
            at: Number(record.at),
            ...(helpful ? {} : { helpful }),
            ...(record.source === undefined ? {} : { source: record.source }),
          },
        ],
        'entry',
        (tool) => tool !== '',
      );
      return example && { op: 'add', example };
    }
    if (record.op === 'forget') {
      return { op: 'forget', selector: checkSelector(JSON.parse(record.selector ?? ''), 'entry') };
    }
  } catch {
    // not an entry: reported by the caller
  }
  return undefined;
}

/**
 * Reads raw `[id, fields]` stream entries back; an entry that is not a valid example or forget
 * (written by something else, or damaged) is reported through `skip` and left out, so it can
 * neither crash a reader nor reach a learned index.
 */
export function decodeEntries(
  raw: readonly (readonly [string, readonly string[]])[],
  skip: (id: string) => void,
): ExampleEntry[] {
  const entries: ExampleEntry[] = [];
  for (const [id, fields] of raw) {
    const record: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
    const decoded = decode(record);
    if (decoded) entries.push({ id, ...decoded });
    else skip(id);
  }
  return entries;
}
