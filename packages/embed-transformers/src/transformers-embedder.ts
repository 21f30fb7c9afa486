import { resolve } from 'node:path';
import { type EmbedderV1, InvalidArgumentError, PluginError } from '@shortlist/core';
import { type EmbedOptions, isAbortError, raceAbort, throwIfAborted } from '@shortlist/core/kit';
import { loadFailure } from './load-failure.js';
import { loadTransformers } from './load-transformers.js';
import { checkModelFolder, isModelFolder } from './model-folder.js';
import { modelPreset } from './model-presets.js';
import { checkOutput } from './read-output.js';
import type {
  TransformersDtype,
  TransformersEmbedderOptions,
  TransformersPooling,
} from './transformers-embedder-options.js';
import { withEnvironment } from './with-environment.js';

/** The model used when none is named: small (33M parameters, 384 dimensions), English, retrieval-tuned. */
export const defaultTransformersModel = 'Xenova/bge-small-en-v1.5';

const DTYPES: readonly TransformersDtype[] = ['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4'];
const POOLINGS: readonly TransformersPooling[] = ['mean', 'cls'];

type Extractor = (
  texts: string[],
  options: { pooling: TransformersPooling; normalize: boolean },
) => Promise<{ dims: number[]; data: unknown }>;

function invalid(option: string, expected: string, got: unknown): never {
  throw new InvalidArgumentError({
    argument: `createTransformersEmbedder(options.${option})`,
    expected,
    message: `createTransformersEmbedder: ${option} must be ${expected}, got ${JSON.stringify(got)}`,
  });
}

const isPositiveInteger = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0;

/**
 * Runs a sentence-embedding ONNX model in-process with transformers.js: a Hub id (downloaded
 * once into `cacheDir`) or a local folder, fully offline. The model loads on the first call.
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions = {}): EmbedderV1 {
  const {
    model = defaultTransformersModel,
    dtype = 'fp32',
    normalize = true,
    maxBatchSize = 32,
    allowDownload = true,
    cacheDir,
  } = options ?? {};
  if (typeof model !== 'string' || model.trim() === '')
    invalid('model', 'a Hub model id or a folder path', model);
  if (!DTYPES.includes(dtype)) invalid('dtype', `one of ${DTYPES.join(', ')}`, dtype);
  if (options.pooling !== undefined && !POOLINGS.includes(options.pooling)) {
    invalid('pooling', `one of ${POOLINGS.join(', ')}`, options.pooling);
  }
  if (!isPositiveInteger(maxBatchSize)) invalid('maxBatchSize', 'a positive integer', maxBatchSize);
  if (options.dimensions !== undefined && !isPositiveInteger(options.dimensions)) {
    invalid('dimensions', 'a positive integer', options.dimensions);
  }

  const folder = isModelFolder(model) ? resolve(model) : undefined;
  const configWidth = folder === undefined ? undefined : checkModelFolder(folder, dtype);
  const modelId = folder ?? model;
  const preset = modelPreset(modelId);
  const dimensions = options.dimensions ?? preset.dimensions ?? configWidth;
  if (dimensions === undefined) {
    invalid(
      'dimensions',
      `the vector length of ${model} (it is not one of the models this package knows)`,
      undefined,
    );
  }
  const pooling = options.pooling ?? preset.pooling;
  const queryPrefix = options.queryPrefix ?? preset.queryPrefix;
  const documentPrefix = options.documentPrefix ?? preset.documentPrefix;
  const id = `transformers:${modelId}`;

  let loading: Promise<Extractor> | undefined;
  const load = (): Promise<Extractor> => {
    loading ??= (async () => {
      const transformers = await loadTransformers(id);
      const localOnly = folder !== undefined || !allowDownload;
      try {
        const extractor = await withEnvironment(
          transformers,
          { allowRemoteModels: !localOnly, ...(cacheDir === undefined ? {} : { cacheDir }) },
          () =>
            transformers.pipeline('feature-extraction', modelId, {
              dtype,
              device: 'cpu',
              local_files_only: localOnly,
              ...(cacheDir === undefined ? {} : { cache_dir: cacheDir }),
            }),
        );
        return extractor as unknown as Extractor;
      } catch (error) {
        throw loadFailure(error, { id, modelId, folder, allowDownload, dtype });
      }
    })();
    // A failed load is not kept: the next call tries again (a file may have been fixed).
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };

  return {
    specificationVersion: 'v1',
    provider: 'transformers',
    modelId,
    dimensions,
    maxBatchSize,
    async doEmbed(texts, callOptions?: EmbedOptions) {
      const signal = callOptions?.signal;
      throwIfAborted(signal);
      if (texts.length === 0) return { embeddings: [] };
      const prefix = callOptions?.inputType === 'query' ? queryPrefix : documentPrefix;
      const extractor = await raceAbort(load(), signal);
      const embeddings: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += maxBatchSize) {
        throwIfAborted(signal);
        const batch = texts.slice(start, start + maxBatchSize).map((text) => prefix + text);
        let output: { dims: number[]; data: unknown };
        try {
          output = await raceAbort(extractor(batch, { pooling, normalize }), signal);
        } catch (error) {
          if (isAbortError(error, signal)) throw error;
          throw new PluginError({
            pluginId: id,
            message: `model ${modelId} failed on a batch of ${batch.length} texts: ${(error as Error)?.message ?? String(error)}`,
            cause: error,
          });
        }
        embeddings.push(...checkOutput(output, { id, modelId, count: batch.length, dimensions }));
      }
      return { embeddings };
    },
  };
}
