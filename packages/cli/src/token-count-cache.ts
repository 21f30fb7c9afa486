import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { budget, definitionText, gptTokenizer, type TokenCounter } from '@shortlist/budget';
import { CorruptDataError, countTokensBounded, type Tool } from '@shortlist/core';

/** The encodings a bundled count cache holds (the ones the CLI's models count with). */
export type CachedEncoding = TokenCounter['encoding'];

/** A count cache file: token counts by encoding, keyed by the digest of each text counted. */
export interface TokenCountCacheFile {
  readonly version: 1;
  readonly format: 'openai-chat';
  readonly counts: Readonly<Partial<Record<CachedEncoding, Readonly<Record<string, number>>>>>;
}

/** Where the build writes the bundled sample catalogue's counts (beside the compiled code). */
export const tokenCountCachePath: string = fileURLToPath(
  new URL('./sample-token-counts.json', import.meta.url),
);

/** Definitions longer than this are counted in slices by the budget; the cache leaves them to it. */
const MAX_CACHED_CHARS = 16_384;

/** Names a counted text by content (SHA-256, 128 bits), so a changed text is a miss, never a stale hit. */
export function textDigest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/**
 * Counts `tools` with the real tokenizer the way the budget does, recording each text it counts:
 * run at build time for the bundled catalogue, so a sample `select` needs no tokenizer.
 */
export async function recordTokenCounts(
  tools: readonly Tool[],
  encoding: CachedEncoding,
): Promise<Record<string, number>> {
  const real = await gptTokenizer({ encoding });
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
  return counts;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * One encoding's counts from a cache file; undefined (count for real) when the file is missing,
 * not JSON, of another version or format, or holds anything that is not a count.
 */
export async function readTokenCounts(
  path: string,
  encoding: CachedEncoding,
): Promise<ReadonlyMap<string, number> | undefined> {
  let file: Partial<TokenCountCacheFile>;
  try {
    file = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (file?.version !== 1 || file.format !== 'openai-chat') return undefined;
  const table = file.counts?.[encoding];
  if (typeof table !== 'object' || table === null) return undefined;
  const entries = Object.entries(table);
  if (!entries.every(([, tokens]) => isCount(tokens))) return undefined;
  return new Map(entries);
}

/**
 * A counter answering from `counts` when they hold every text the budget will count for `tools`
 * (their openai-chat definitions); undefined otherwise, so any other catalogue counts for real.
 */
export function cachedCounter(
  tools: readonly Tool[],
  encoding: CachedEncoding,
  counts: ReadonlyMap<string, number>,
): TokenCounter | undefined {
  for (const tool of tools) {
    const text = definitionText(tool, 'openai-chat');
    if (text.length > MAX_CACHED_CHARS) return undefined;
    let covered = true;
    countTokensBounded(text, (piece) => {
      if (!counts.has(textDigest(piece))) covered = false;
      return 0;
    });
    if (!covered) return undefined;
  }
  return {
    encoding,
    count(text) {
      const tokens = counts.get(textDigest(text));
      if (tokens === undefined) {
        // Unreachable while the check above mirrors the budget; a wrong count would be worse.
        throw new CorruptDataError({
          source: 'token count cache',
          message: `the bundled token count cache has no count for a ${text.length}-character text it was checked to cover; reinstall @shortlist/cli`,
        });
      }
      return tokens;
    },
  };
}
