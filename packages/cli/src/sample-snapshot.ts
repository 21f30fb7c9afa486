import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  CorruptDataError,
  InvalidArgumentError,
  type Picker,
  type Pipeline,
  type RestoreOptions,
  type Tool,
} from '@shortlist/core';
import { decodeSnapshot, encodeSnapshot, type SnapshotContent } from '@shortlist/core/kit';
import { lexical } from '@shortlist/lexical';

/** Where the build writes the rankers' snapshots of the bundled sample catalogue. */
export const sampleSnapshotPath: string = fileURLToPath(
  new URL('./sample-snapshot.bin', import.meta.url),
);

/** The file is core's snapshot container: ranker ids in its metadata, their bytes as arrays. */
const KIND = 'cli-sample-snapshots';
const FORMAT_VERSION = 1;

interface SampleSnapshotMeta {
  readonly pipeline: 'lexical';
  /** The fingerprint of the catalogue file indexed (`catalogueFingerprint`). */
  readonly catalogue: string;
  readonly ids: readonly string[];
}

/**
 * Indexes `tools`, read from the file with fingerprint `catalogue`, with the `lexical` rankers
 * and writes their snapshots to `path` (a build step).
 * @public `scripts/sample-caches.mjs` imports it from `dist/`.
 */
export async function writeSampleSnapshot(
  tools: readonly Tool[],
  catalogue: string,
  path: string,
): Promise<void> {
  const picker = await lexical({ maxTokens: false }).index(tools);
  const snapshots = Object.entries(picker.snapshot());
  picker.dispose();
  const ids = snapshots.map(([id]) => id);
  const meta: SampleSnapshotMeta = { pipeline: 'lexical', catalogue, ids };
  const arrays = snapshots.map(([, bytes]) => bytes);
  await writeFile(
    path,
    encodeSnapshot({ kind: KIND, formatVersion: FORMAT_VERSION, meta, arrays }),
  );
}

/**
 * The snapshots in `path` of the catalogue file with fingerprint `catalogue`, as views of the
 * file read once (binary: no JSON or base64 to decode at start); undefined (index instead) when
 * it is missing, damaged, of another version or of another catalogue file.
 */
export function readSampleSnapshot(
  path: string,
  catalogue: string,
): Record<string, Uint8Array> | undefined {
  let content: SnapshotContent;
  try {
    const expected = { kind: KIND, formatVersion: FORMAT_VERSION };
    // Views, not copies: the file's bytes are read once and only ever read after.
    content = decodeSnapshot(readFileSync(path), expected, { views: true });
  } catch {
    return undefined;
  }
  const meta = content.meta as Partial<SampleSnapshotMeta> | null;
  const ids = meta?.ids;
  const { arrays } = content;
  if (
    meta?.pipeline !== 'lexical' ||
    meta.catalogue !== catalogue ||
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length !== arrays.length ||
    !ids.every((id) => typeof id === 'string') ||
    !arrays.every((array) => array instanceof Uint8Array)
  ) {
    return undefined;
  }
  return Object.fromEntries(ids.map((id, i) => [id, arrays[i] as Uint8Array]));
}

/**
 * Restores `pipeline` from `snapshots`, which core checks against the tools' texts (a stale
 * ranker reindexes); a snapshot a ranker rejects as corrupt, or as made with other options (a
 * build older than the code), means indexing afresh.
 */
export async function restoreOrIndex(
  pipeline: Pipeline,
  tools: readonly Tool[],
  snapshots: Readonly<Record<string, Uint8Array>> | undefined,
  options: RestoreOptions,
): Promise<Picker> {
  if (snapshots) {
    try {
      return await pipeline.restore(tools, snapshots, options);
    } catch (error) {
      if (!CorruptDataError.isInstance(error) && !InvalidArgumentError.isInstance(error)) {
        throw error;
      }
    }
  }
  return pipeline.index(tools, options);
}
