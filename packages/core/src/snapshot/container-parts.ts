import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { decodePickerSnapshot } from './picker-container.js';
import { isConfigurationOf, type PipelineParts } from './snapshot-configuration.js';

/**
 * The ranker parts of a container given to `restore`, after checking it is whole and was made by
 * this pipeline (any `extra` configuration is the caller's to check, with `decodePickerSnapshot`).
 */
export function containerParts(
  pipeline: PipelineParts,
  bytes: Uint8Array,
): Readonly<Record<string, Uint8Array>> {
  const snapshot = decodePickerSnapshot(bytes);
  if (!isConfigurationOf(pipeline, snapshot.configuration)) {
    throw new CorruptDataError({
      source: 'picker snapshot',
      message: `picker snapshot was made by another pipeline (${snapshot.configuration}); restore it with that pipeline, or index the tools and store a new snapshot`,
    });
  }
  return snapshot.parts;
}
