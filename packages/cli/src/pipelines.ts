import { bm25 } from '@shortlist/bm25';
import { budget, encodingForModel, type TokenCounter } from '@shortlist/budget';
import {
  cached,
  type EmbeddingStore,
  type ExampleStore,
  InvalidArgumentError,
  type Pipeline,
  pipe,
  semantic,
} from '@shortlist/core';
import { type FusionConfig, rrf } from '@shortlist/fusion';
import { lexical, lexicalFusion } from '@shortlist/lexical';
import { tfidf } from '@shortlist/tfidf';
import { createEmbedder, type EmbedderSettings } from './create-embedder.js';
import {
  defaultBudget,
  defaultModel,
  isPipelineName,
  type PipelineName,
  pipelineNames,
} from './pipeline-names.js';
import { stderrLine } from './terminal-text.js';

/** Says how a fusion combines rankers, from its own config, so the summary cannot go stale. */
function describeFusion(config: FusionConfig): string {
  const weights = Object.entries(config.weights)
    .map(([id, weight]) => `${id} ${weight}`)
    .join(', ');
  const setting =
    config.method === 'rrf'
      ? `k ${config.k}`
      : `${config.normalize} scores${config.head === undefined ? '' : ` over each ranking's first ${config.head}`}`;
  return `${config.method} (${setting}; ${weights ? `weights ${weights}` : 'uniform weights'})`;
}

/** One line per pipeline saying what it is made of, for help and reports. */
export const pipelineSummaries: Readonly<Record<PipelineName, string>> = {
  lexical: `lexical() from @shortlist/lexical: bm25 + tfidf + word-pair tfidf + word-piece tfidf + name match + opening match fused by ${describeFusion(lexicalFusion().config)}, tools the request names in full first, packed into ${defaultBudget} tokens`,
  bm25: 'bm25 alone, not packed',
  tfidf: 'tfidf alone, not packed',
  orama:
    "Orama's BM25 (@shortlist/orama, default options) alone, not packed: the external baseline",
  semantic:
    'embeddings (--embedder: OpenAI text-embedding-3-small by default, hf, or local), not packed',
  hybrid: `bm25 + tfidf + embeddings (--embedder) fused by ${describeFusion(rrf().config)}, packed into ${defaultBudget} tokens`,
};

/** What a named pipeline may be configured with from the command line and the environment. */
export interface PipelineSettings extends EmbedderSettings {
  /** Token budget; packing pipelines default to `defaultBudget`, others pack only when set. */
  readonly budget?: number;
  /** Model the tools are sent to (picks the tokenizer). @default 'gpt-4o' */
  readonly model?: string;
  /** Where embeddings are cached between runs (the MCP gateway keeps them on disk). */
  readonly embeddingStore?: EmbeddingStore;
  /** Examples the `lexical` pipeline learns from (the MCP gateway records its calls there). */
  readonly examples?: ExampleStore;
  /** Counts the budget's tokens instead of its default counter (the bundled sample's cache). */
  readonly tokenizer?: TokenCounter;
}

/** The flags' embedder, behind the embedding cache when there is one. */
async function embedderFor(name: PipelineName, settings: PipelineSettings) {
  const embedder = await createEmbedder(name, settings);
  return settings.embeddingStore ? cached(embedder, { store: settings.embeddingStore }) : embedder;
}

/**
 * The model to count tokens for; an unknown `--model` gets a note naming the flag (the budget's
 * own advice names a library option the CLI has no flag for) and counts as the default model.
 */
function knownModel(model: string | undefined): string {
  if (model === undefined) return defaultModel;
  if (encodingForModel(model).known) return model;
  stderrLine(
    `shortlist: unknown --model "${model}"; counting tokens as for ${defaultModel} (o200k_base). Pass --model with an OpenAI model id (gpt-4o, gpt-4.1, o3, gpt-5, gpt-4, gpt-3.5-turbo) to count with its tokenizer.`,
  );
  return defaultModel;
}

/** Builds a named pipeline, ready for `.index(tools)`; async because embedders load on demand. */
export async function createPipeline(
  name: string,
  settings: PipelineSettings = {},
): Promise<Pipeline> {
  if (!isPipelineName(name)) {
    throw new InvalidArgumentError({
      argument: '--pipeline',
      expected: pipelineNames.join(', '),
      message: `unknown pipeline "${name}"; choose one of ${pipelineNames.join(', ')}`,
    });
  }
  const model = knownModel(settings.model);
  const { examples } = settings;
  const packer = (fallback: number | undefined) => {
    const maxTokens = settings.budget ?? fallback;
    if (maxTokens === undefined) return undefined;
    return budget(
      maxTokens,
      settings.tokenizer ? { model, tokenizer: settings.tokenizer } : { model },
    );
  };
  const withPacker = (pipeline: Pipeline, fallback: number | undefined): Pipeline => {
    const chosen = packer(fallback);
    return chosen ? pipeline.pack(chosen) : pipeline;
  };
  switch (name) {
    case 'lexical':
      // The one named default, the same pipeline as the root README's example.
      if (!settings.tokenizer)
        return lexical({ maxTokens: settings.budget ?? defaultBudget, model, examples });
      // lexical() packs with budget(maxTokens, { model }); the same, counted by the given counter.
      return lexical({ maxTokens: false, model, examples }).pack(packer(defaultBudget)!);
    case 'bm25':
      return withPacker(pipe(bm25()), undefined);
    case 'tfidf':
      return withPacker(pipe(tfidf()), undefined);
    case 'orama': {
      // Orama loads only for its own pipeline, not for every select.
      const { orama } = await import('@shortlist/orama');
      return withPacker(pipe(orama()), undefined);
    }
    case 'semantic':
      return withPacker(pipe(semantic({ embedder: await embedderFor(name, settings) })), undefined);
    case 'hybrid':
      // Uniform rrf(): no hybrid weighting has been measured yet.
      return withPacker(
        pipe(bm25(), tfidf(), semantic({ embedder: await embedderFor(name, settings) })).fuse(
          rrf(),
        ),
        defaultBudget,
      );
  }
}
