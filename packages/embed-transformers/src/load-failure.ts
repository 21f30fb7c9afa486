import {
  ApiCallError,
  InvalidArgumentError,
  PluginError,
  type ShortlistError,
} from '@shortlist/core';

/** What a failed model load is reported with. */
export interface LoadContext {
  readonly id: string;
  readonly modelId: string;
  /** Set for a local model folder, undefined for a Hub id. */
  readonly folder: string | undefined;
  readonly allowDownload: boolean;
  readonly dtype: string;
}

const ARGUMENT = 'createTransformersEmbedder(options.model)';
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** transformers.js 4.3 reports a Hub failure by a message per status (`ERROR_MAPPING`), or `Error (status)`. */
const STATUS_MESSAGES: readonly [string, number][] = [
  ['Request timeout error occurred', 408],
  ['Internal server error error occurred', 500],
  ['Bad gateway error occurred', 502],
  ['Service unavailable error occurred', 503],
  ['Gateway timeout error occurred', 504],
];

/** The HTTP status of a failed Hub download (408 or 5xx, for which retrying can help), from its message. */
function hubStatus(detail: string): number | undefined {
  const numbered = /^Error \((\d{3})\) occurred while trying to load file/.exec(detail)?.[1];
  if (numbered !== undefined) return Number(numbered);
  return STATUS_MESSAGES.find(([prefix]) => detail.startsWith(prefix))?.[1];
}

/** The error codes along a cause chain (fetch's TypeError carries the socket's in `cause`). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let at = error, depth = 0; at && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    at = (at as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * Turns a failed transformers.js load of a Hub model into an error that names the model id and
 * the option to change (`model`): not found or not cached is an `InvalidArgumentError` on
 * `options.model`, no network an `ApiCallError` (network), a Hub 5xx one of reason server.
 */
export function loadFailure(error: unknown, context: LoadContext): ShortlistError {
  const { id, modelId, folder, allowDownload, dtype } = context;
  const detail = error instanceof Error ? error.message : String(error);
  if (folder === undefined && (error as Error | null)?.name === 'ModelFileNotFoundError') {
    return new InvalidArgumentError({
      argument: ARGUMENT,
      expected: allowDownload
        ? 'a public Hugging Face Hub model id or a local model folder'
        : 'a model already in the cache folder, or a local model folder',
      message: allowDownload
        ? `createTransformersEmbedder: model ${modelId} could not be loaded from the Hugging Face Hub (no such public model, or it needs a login): set options.model to a public Hub model id such as 'Xenova/bge-small-en-v1.5', or to a local model folder (${detail})`
        : `createTransformersEmbedder: model ${modelId} is not in the cache folder and downloads are off (allowDownload: false): set options.model to a model already in cacheDir or to a local model folder, or allow downloads (${detail})`,
      cause: error,
    });
  }
  const status = hubStatus(detail);
  if (
    folder === undefined &&
    (codesOf(error).some((code) => NETWORK_CODES.has(code)) || detail === 'fetch failed')
  ) {
    const codes = codesOf(error).join(', ');
    return new ApiCallError({
      provider: 'transformers',
      reason: 'network',
      retryable: true,
      message: `createTransformersEmbedder: could not download model ${modelId} from the Hugging Face Hub (${detail}${codes ? `: ${codes}` : ''}): connect to the network, or set options.model to a local model folder or to a model already in cacheDir`,
      cause: error,
    });
  }
  if (folder === undefined && status !== undefined) {
    return new ApiCallError({
      provider: 'transformers',
      reason: 'server',
      status,
      retryable: true,
      message: `createTransformersEmbedder: the Hugging Face Hub failed while downloading model ${modelId} (${detail}); try again later, or set options.model to a local model folder`,
      cause: error,
    });
  }
  return new PluginError({
    pluginId: id,
    message: `could not load model ${modelId} (dtype ${dtype}): ${detail}; check options.model${folder === undefined ? '' : ' (a folder exported to ONNX with its tokenizer)'}`,
    cause: error,
  });
}
