import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { budget, type TokenCounter, upperBoundTokenizer } from '@shortlist/budget';
import { CorruptDataError, type Tool } from '@shortlist/core';
import { hashString } from '@shortlist/core/kit';

/** The encodings a bundled count cache holds (the ones the CLI's models count with). */
export type CachedEncoding = TokenCounter['encoding'];

/** What the build counted for one encoding: every text the budget counts for the catalogue. */
interface EncodingCounts {
  /** Token counts by the digest of the text counted. */
  readonly counts: Readonly<Record<string, number>>;
}

/** A count cache file, as the build writes it. */
interface TokenCountCacheFile {
  /** 4 since the counts are the budget's default upper bound (3 held gpt-tokenizer's exact counts). */
  readonly version: 4;
  readonly format: 'openai-chat';
  /** The fingerprint of the catalogue file counted (`catalogueFingerprint`). */
  readonly catalogue: string;
  readonly encodings: Readonly<Partial<Record<CachedEncoding, EncodingCounts>>>;
}

/** One encoding's counts, read and checked. */
export interface CountTable {
  readonly catalogue: string;
  readonly counts: ReadonlyMap<string, number>;
}

/** Where the build writes the bundled sample catalogue's counts (beside the compiled code). */
export const tokenCountCachePath: string = fileURLToPath(
  new URL('./sample-token-counts.json', import.meta.url),
);

/**
 * Names a counted text by content: its length and two independent 32-bit hashes, so a changed
 * text is a miss (a 2^-64 chance otherwise). Not SHA-256: loading crypto alone would cost a
 * sample `select` more than all the counting it saves.
 */
function textDigest(text: string): string {
  return `${text.length.toString(36)}.${hashString(text, 0).toString(36)}.${hashString(text, 0x9e3779b9).toString(36)}`;
}

/**
 * Counts `tools` with the budget's default counter the way the budget does, recording each text it
 * counts: run at build time for the bundled catalogue, so a sample `select` needs no tokenizer.
 * @public `scripts/sample-caches.mjs` imports it from `dist/`.
 */
export async function recordTokenCounts(
  tools: readonly Tool[],
  encoding: CachedEncoding,
): Promise<EncodingCounts> {
  const real = await upperBoundTokenizer({ encoding });
  const counts: Record<string, number> = {};
  const recording: TokenCounter = {
    encoding,
    count(text) {
      const tokens = real.count(text);
      counts[textDigest(text)] = tokens;
      return tokens;
    },
  };
  const packer = budget(1, { encoding, tokenizer: recording, eager: true });
  await packer.doPrepare?.(tools, {});
  packer.doDispose?.();
  // Eager preparation counted every definition in full, in slices for a long one.
  return { counts };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * One encoding's counts from a cache file; undefined (count for real) when the file is missing,
 * not JSON, of another version or format, or holds anything that is not a count. Read
 * synchronously: one small file, once, at start.
 */
export function readTokenCounts(path: string, encoding: CachedEncoding): CountTable | undefined {
  let file: Partial<TokenCountCacheFile>;
  try {
    file = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (file?.version !== 4 || file.format !== 'openai-chat') return undefined;
  if (typeof file.catalogue !== 'string') return undefined;
  const table = file.encodings?.[encoding];
  if (typeof table?.counts !== 'object' || table.counts === null) return undefined;
  const entries = Object.entries(table.counts);
  if (!entries.every(([, tokens]) => isCount(tokens))) return undefined;
  return { catalogue: file.catalogue, counts: new Map(entries) };
}

/**
 * A counter answering from `table` for the catalogue file the build counted (`fingerprint` of
 * the file the tools were read from, `sampleFingerprint`); undefined for any other catalogue,
 * which counts for real.
 */
export function cachedCounter(
  fingerprint: string | undefined,
  encoding: CachedEncoding,
  table: CountTable,
): TokenCounter | undefined {
  if (fingerprint === undefined || fingerprint !== table.catalogue) return undefined;
  return {
    encoding,
    count(text) {
      const tokens = table.counts.get(textDigest(text));
      if (tokens === undefined) {
        // Unreachable while the build counts as the budget does; a wrong count would be worse.
        throw new CorruptDataError({
          source: 'token count cache',
          message: `the bundled token count cache has no count for a ${text.length}-character text of the catalogue it counted; reinstall @shortlist/cli`,
        });
      }
      return tokens;
    },
  };
}
