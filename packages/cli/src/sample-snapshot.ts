import { fileURLToPath } from 'node:url';
import {
  CorruptDataError,
  InvalidArgumentError,
  type Picker,
  type Pipeline,
  type RestoreOptions,
  type SnapshotStore,
  type Tool,
} from '@shortlist/core';
import {
  decodePickerSnapshot,
  encodePickerSnapshot,
  snapshotConfiguration,
} from '@shortlist/core/kit';
import { fileSnapshotStore } from '@shortlist/core/node';
import { lexical } from '@shortlist/lexical';

/** Where the build keeps the rankers' snapshot of the bundled sample catalogue: beside the code. */
export const sampleSnapshots = (): SnapshotStore =>
  fileSnapshotStore(fileURLToPath(new URL('.', import.meta.url)));

/** The store key of the sample's snapshot (the file `dist/sample.snapshot`). */
const SAMPLE_KEY = 'sample';

/**
 * Indexes `tools`, read from the file with fingerprint `catalogue`, with the `lexical` rankers
 * and stores them in `store` as core's picker snapshot container (a build step).
 * @public `scripts/sample-caches.mjs` imports it from `dist/`.
 */
export async function writeSampleSnapshot(
  tools: readonly Tool[],
  catalogue: string,
  store: SnapshotStore,
): Promise<void> {
  const pipeline = lexical({ maxTokens: false });
  const picker = await pipeline.index(tools);
  const parts = picker.snapshot();
  picker.dispose();
  const configuration = snapshotConfiguration(pipeline);
  await store.set(SAMPLE_KEY, encodePickerSnapshot({ configuration, catalogue, parts }));
}

/**
 * The sample's snapshot in `store` for `pipeline`'s rankers and the catalogue file with
 * fingerprint `catalogue`, as views of the file read once; undefined (index instead) when it is
 * missing, damaged, or of other rankers or another catalogue file.
 */
export async function readSampleSnapshot(
  store: SnapshotStore,
  catalogue: string,
  pipeline: Pick<Pipeline, 'rankers'>,
): Promise<Readonly<Record<string, Uint8Array>> | undefined> {
  try {
    const bytes = await store.get(SAMPLE_KEY);
    if (bytes === undefined) return undefined;
    const configuration = snapshotConfiguration(pipeline);
    const { parts } = decodePickerSnapshot(bytes, { configuration, catalogue });
    return Object.keys(parts).length === 0 ? undefined : parts;
  } catch {
    return undefined;
  }
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
