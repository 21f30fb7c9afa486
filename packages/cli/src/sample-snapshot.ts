import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  CorruptDataError,
  InvalidArgumentError,
  type LongCallOptions,
  type Picker,
  type Pipeline,
  type Tool,
} from '@shortlist/core';
import { lexical } from '@shortlist/lexical';

/** Where the build writes the rankers' snapshots of the bundled sample catalogue. */
export const sampleSnapshotPath: string = fileURLToPath(
  new URL('./sample-snapshot.json', import.meta.url),
);

/** The snapshot file: each ranker's `picker.snapshot()` bytes, base64, for the `lexical` pipeline. */
interface SampleSnapshotFile {
  readonly version: 1;
  readonly pipeline: 'lexical';
  readonly snapshots: Readonly<Record<string, string>>;
}

/** Indexes `tools` with the `lexical` rankers and writes their snapshots to `path` (a build step). */
export async function writeSampleSnapshot(tools: readonly Tool[], path: string): Promise<void> {
  const picker = await lexical({ maxTokens: false }).index(tools);
  const snapshots = Object.fromEntries(
    Object.entries(picker.snapshot()).map(([id, bytes]) => [
      id,
      Buffer.from(bytes).toString('base64'),
    ]),
  );
  picker.dispose();
  const file: SampleSnapshotFile = { version: 1, pipeline: 'lexical', snapshots };
  await writeFile(path, `${JSON.stringify(file)}\n`);
}

/** The snapshots in `path`; undefined (index instead) when it is missing, not JSON or another version. */
export async function readSampleSnapshot(
  path: string,
): Promise<Record<string, Uint8Array> | undefined> {
  let file: Partial<SampleSnapshotFile>;
  try {
    file = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (file?.version !== 1 || file.pipeline !== 'lexical') return undefined;
  const entries = Object.entries(file.snapshots ?? {});
  if (entries.length === 0 || !entries.every(([, text]) => typeof text === 'string')) {
    return undefined;
  }
  return Object.fromEntries(
    entries.map(([id, text]) => [id, new Uint8Array(Buffer.from(text, 'base64'))]),
  );
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
  options: LongCallOptions,
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
