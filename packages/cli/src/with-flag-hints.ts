import { ApiCallError, type EmbedderV1 } from '@shortlist/core';

/** The flags that fix each kind of embedding failure, as the CLI spells them. */
const hints: Partial<Record<ApiCallError['reason'], string>> = {
  'bad-request':
    'choose the model with --embedding-model (and its length with --embedding-dimensions)',
  network: 'point --base-url at a running server',
  'invalid-response':
    'check --embedding-model and --embedding-dimensions match what the server returns',
};

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
        const hint = ApiCallError.isInstance(error) ? hints[error.reason] : undefined;
        if (!ApiCallError.isInstance(error) || hint === undefined) throw error;
        throw new ApiCallError({
          provider: error.provider,
          reason: error.reason,
          ...(error.status === undefined ? {} : { status: error.status }),
          retryable: error.retryable,
          message: `${error.message} (${hint})`,
          cause: error,
        });
      }
    },
  };
}
