import { type EmbedderV1, InvalidArgumentError } from '@shortlist/core';
import { loadOptional } from './optional-package.js';
import { withFlagHints } from './with-flag-hints.js';

/** Who embeds for the `semantic` and `hybrid` pipelines (`--embedder`). */
export const embedderKinds = ['openai', 'hf', 'local'] as const;

/** The embedder flags: `--embedder`, `--embedding-model`, `--embedding-dimensions`, `--base-url`. */
export interface EmbedderSettings {
  /** @default 'openai' */
  readonly embedder?: string;
  /** Model id, or for `local` a model folder. @default per embedder */
  readonly embeddingModel?: string;
  /** Vector length of a model the embedder does not know. */
  readonly embeddingDimensions?: number;
  /** OpenAI-compatible server (`openai`) or text-embeddings-inference URL (`hf`). */
  readonly baseURL?: string;
  /** Key for `openai`. @default process.env.OPENAI_API_KEY */
  readonly apiKey?: string;
}

/** Which flag each embedder option is set by, so an option's error names the flag to change. */
const flags: Record<string, string> = {
  model: '--embedding-model',
  dimensions: '--embedding-dimensions',
  baseURL: '--base-url',
  endpointUrl: '--base-url',
};

/** Re-raises an embedder factory's InvalidArgumentError with the flag that sets that option. */
function naming<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (!InvalidArgumentError.isInstance(error)) throw error;
    const option = /\(options\.(\w+)\)/.exec(error.argument)?.[1];
    const flag = option === undefined ? undefined : flags[option];
    if (flag === undefined) throw error;
    throw new InvalidArgumentError({
      argument: flag,
      expected: error.expected,
      message: `${error.message} (set it with ${flag})`,
      cause: error,
    });
  }
}

/**
 * Builds the embedder the flags ask for; `pipeline` names who needs it, for error messages. The
 * provider package is imported only here, so offline commands start without loading any SDK.
 */
export async function createEmbedder(
  pipeline: string,
  settings: EmbedderSettings,
): Promise<EmbedderV1> {
  return withFlagHints(await chooseEmbedder(pipeline, settings));
}

async function chooseEmbedder(pipeline: string, settings: EmbedderSettings): Promise<EmbedderV1> {
  const kind = settings.embedder ?? 'openai';
  const model = settings.embeddingModel;
  const dimensions = settings.embeddingDimensions;
  switch (kind) {
    case 'openai': {
      const apiKey = settings.apiKey ?? process.env.OPENAI_API_KEY;
      if (!apiKey && !settings.baseURL) {
        throw new InvalidArgumentError({
          argument: '--base-url',
          expected: 'OPENAI_API_KEY or --base-url',
          message: `pipeline "${pipeline}" embeds with OpenAI and needs OPENAI_API_KEY set, or --base-url pointing at an OpenAI-compatible server (Ollama, vLLM) with --embedding-model; or --embedder local for an in-process model; the offline pipelines lexical, bm25, tfidf, orama need none`,
        });
      }
      const { createOpenAIEmbedder } = await loadOptional(
        '@shortlist/embed-openai',
        `pipeline "${pipeline}" with --embedder openai`,
        () => import('@shortlist/embed-openai'),
      );
      return naming(() =>
        createOpenAIEmbedder({
          // OpenAI-compatible local servers accept any key; the SDK insists on one.
          apiKey: apiKey ?? 'no-key',
          ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
          ...(model ? { model } : {}),
          ...(dimensions ? { dimensions } : {}),
        }),
      );
    }
    case 'hf': {
      const { createHFEmbedder } = await loadOptional(
        '@shortlist/embed-hf',
        `pipeline "${pipeline}" with --embedder hf`,
        () => import('@shortlist/embed-hf'),
      );
      return naming(() =>
        createHFEmbedder({
          model: model ?? 'sentence-transformers/all-MiniLM-L6-v2',
          ...(settings.baseURL ? { endpointUrl: settings.baseURL } : {}),
          ...(dimensions ? { dimensions } : {}),
        }),
      );
    }
    case 'local': {
      // Loads the optional @huggingface/transformers on first use, naming it when absent.
      const { createTransformersEmbedder } = await import('@shortlist/embed-transformers');
      return naming(() =>
        createTransformersEmbedder({
          ...(model ? { model } : {}),
          ...(dimensions ? { dimensions } : {}),
        }),
      );
    }
    default:
      throw new InvalidArgumentError({
        argument: '--embedder',
        expected: embedderKinds.join(', '),
        message: `unknown embedder "${kind}"; choose one of ${embedderKinds.join(', ')}`,
      });
  }
}
