import { ApiCallError, type EmbedderV1, InvalidArgumentError } from '@shortlist/core';

/** The flags that fix each kind of embedding failure, as the CLI spells them. */
const hints: Partial<Record<ApiCallError['reason'], string>> = {
  'bad-request':
    'choose the model with --embedding-model (and its length with --embedding-dimensions)',
  network: 'point --base-url at a running server',
  'invalid-response':
    'check --embedding-model and --embedding-dimensions match what the server returns',
};

/** The in-process embedder (`--embedder local`) downloads from the Hub: no server flag applies. */
const localHint = 'or give --embedding-model a local model folder';

/** Which flag sets each embedder option a run-time error can name. */
const flags: Record<string, string> = { model: '--embedding-model' };

/** The error re-raised with the flag that fixes it, or undefined when no flag does. */
function withFlag(error: unknown): Error | undefined {
  if (InvalidArgumentError.isInstance(error)) {
    const option = /\(options\.(\w+)\)/.exec(error.argument)?.[1];
    const flag = option === undefined ? undefined : flags[option];
    if (flag === undefined) return undefined;
    return new InvalidArgumentError({
      argument: flag,
      expected: error.expected,
      message: `${error.message} (set it with ${flag})`,
      cause: error,
    });
  }
  if (!ApiCallError.isInstance(error)) return undefined;
  const hint = error.provider === 'transformers' ? localHint : hints[error.reason];
  if (hint === undefined) return undefined;
  return new ApiCallError({
    provider: error.provider,
    reason: error.reason,
    ...(error.status === undefined ? {} : { status: error.status }),
    retryable: error.retryable,
    message: `${error.message} (${hint})`,
    cause: error,
  });
}

/**
 * Wraps an embedder so a failed call says which command-line flag to change: the embedder's
 * own message names its option (`model`), which a CLI user cannot set by that name.
 */
export function withFlagHints(embedder: EmbedderV1): EmbedderV1 {
  return {
    ...embedder,
    async doEmbed(texts, options) {
      try {
        return await embedder.doEmbed(texts, options);
      } catch (error) {
        throw withFlag(error) ?? error;
      }
    },
  };
}
