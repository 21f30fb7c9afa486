import { crc32 } from 'node:zlib';
import { type ExampleSelector, ShortlistError, type ToolExample } from '@shortlist/core';
import { checkExamples, checkSelector } from '@shortlist/core/kit';

/** Name of the format, in the first line of every examples file. */
export const LOG_FORMAT = 'shortlist-examples';
/** Version of the format this code writes and reads, in the header and in every record. */
export const LOG_VERSION = 1;
/** The first line of every examples file, newline included. */
export const LOG_HEADER = `${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION })}\n`;

/**
 * One line of the log: an example learnt, a forget tombstone, or the mark a compaction leaves
 * of how much of the file it replaced it copied (`file` is the replaced file's `dev:ino`).
 */
export type LogRecord =
  | { readonly add: ToolExample }
  | { readonly forget: ExampleSelector }
  | { readonly compacted: { readonly file: string; readonly copied: number } };

/** Length of the `,"c":"xxxxxxxx"}` tail that ends every record line. */
const CHECKSUM_TAIL = 16;
/** The tail alone is matched: a pattern searched over the whole line costs a try per character. */
const CHECKSUM_PATTERN = /^,"c":"([0-9a-f]{8})"\}$/;

const checksum = (body: string): string => crc32(body).toString(16).padStart(8, '0');

/**
 * One record as a line: `{"v":1,<kind>,"c":"<crc32>"}\n`, where the checksum covers the line as
 * it would read without its `c` field, so a torn or altered line is never taken for a record.
 */
export function encodeRecord(record: LogRecord): string {
  const body = JSON.stringify({ v: LOG_VERSION, ...record });
  return `${body.slice(0, -1)},"c":"${checksum(body)}"}\n`;
}

/** What a line held: a record, a blank line, or why it is not a record. */
export type DecodedLine =
  | { readonly ok: true; readonly record: LogRecord }
  | { readonly ok: false; readonly why: string };

/** Where a record could start inside a damaged line: a torn line later completed by an append. */
const RECORD_START = `{"v":`;

function decodeWhole(line: string): DecodedLine {
  const match = CHECKSUM_PATTERN.exec(line.slice(-CHECKSUM_TAIL));
  if (!line.startsWith(RECORD_START) || !match) return { ok: false, why: 'not a record' };
  const body = `${line.slice(0, -CHECKSUM_TAIL)}}`;
  if (checksum(body) !== match[1]) return { ok: false, why: 'checksum mismatch' };
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { ok: false, why: 'not JSON' };
  }
  if (parsed.v !== LOG_VERSION) {
    return { ok: false, why: `record version ${String(parsed.v)} (this reads ${LOG_VERSION})` };
  }
  try {
    if ('add' in parsed) {
      // The store does not know the catalogue: any tool name is kept, the ranker filters.
      const [example] = checkExamples([parsed.add], 'record', () => true);
      return { ok: true, record: { add: example! } };
    }
    if ('forget' in parsed) {
      return { ok: true, record: { forget: checkSelector(parsed.forget, 'record.forget') } };
    }
  } catch (error) {
    if (ShortlistError.isInstance(error)) return { ok: false, why: error.message };
    throw error;
  }
  const compacted = parsed.compacted as { file?: unknown; copied?: unknown } | undefined;
  if (typeof compacted?.file === 'string' && Number.isSafeInteger(compacted.copied)) {
    return {
      ok: true,
      record: { compacted: { file: compacted.file, copied: compacted.copied as number } },
    };
  }
  return { ok: false, why: 'unknown record kind' };
}

/**
 * Reads one line (without its newline). A line that is not a record but ends with one (a torn
 * line that a later append completed) yields that last record, and says what was skipped.
 */
export function decodeLine(
  line: string,
): DecodedLine & { readonly skipped?: { readonly bytes: number; readonly why: string } } {
  const whole = decodeWhole(line);
  if (whole.ok) return whole;
  const start = line.lastIndexOf(RECORD_START);
  if (start > 0) {
    const tail = decodeWhole(line.slice(start));
    if (tail.ok) {
      return {
        ...tail,
        skipped: { bytes: Buffer.byteLength(line.slice(0, start)), why: whole.why },
      };
    }
  }
  return whole;
}
