import { InvalidArgumentError } from '@shortlist/core';
import type { Command } from 'commander';
import { type EmbedderSettings, embedderKinds } from './create-embedder.js';
import { positiveInteger } from './options.js';

/** The embedder flags as Commander parses them. */
export interface EmbeddingFlags {
  readonly embedder?: string;
  readonly embeddingModel?: string;
  readonly embeddingDimensions?: number;
  readonly baseUrl?: string;
}

/** Adds `--embedder`, `--embedding-model`, `--embedding-dimensions` and `--base-url`. */
export function withEmbeddingOptions(command: Command): Command {
  return command
    .option(
      '--embedder <kind>',
      `who embeds for semantic and hybrid: ${embedderKinds.join(', ')} (default openai; naming one without --pipeline picks semantic)`,
    )
    .option(
      '--embedding-model <id>',
      'embedding model id (openai: text-embedding-3-small; hf: all-MiniLM-L6-v2; local: Xenova/bge-small-en-v1.5 or a model folder)',
    )
    .option(
      '--embedding-dimensions <n>',
      'vector length of an embedding model the embedder does not know',
      positiveInteger,
    )
    .option(
      '--base-url <url>',
      'OpenAI-compatible server (Ollama, vLLM, LM Studio) or, with --embedder hf, a text-embeddings-inference URL',
    );
}

/** The pipeline settings the embedder flags ask for. */
export function embeddingSettings(flags: EmbeddingFlags): EmbedderSettings {
  return {
    ...(flags.embedder === undefined ? {} : { embedder: flags.embedder }),
    ...(flags.embeddingModel === undefined ? {} : { embeddingModel: flags.embeddingModel }),
    ...(flags.embeddingDimensions === undefined
      ? {}
      : { embeddingDimensions: flags.embeddingDimensions }),
    ...(flags.baseUrl === undefined ? {} : { baseURL: httpUrl(flags.baseUrl) }),
  };
}

/**
 * `--base-url` as given, once it is an http(s) URL: any other scheme (`file:`, `ftp:`) or a
 * string that is no URL is refused here, before any request, not retried as an outage.
 */
function httpUrl(value: string): string {
  let protocol: string | undefined;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol === 'http:' || protocol === 'https:') return value;
  throw new InvalidArgumentError({
    argument: '--base-url',
    expected: 'an http:// or https:// URL',
    message: `--base-url must be an http:// or https:// URL such as http://localhost:11434/v1, got "${value}"`,
  });
}

/** The pipeline to run when none is named: `semantic` once an embedder flag is given. */
export function impliedPipeline(flags: EmbeddingFlags, fallback: string): string {
  return flags.embedder !== undefined || flags.embeddingModel !== undefined ? 'semantic' : fallback;
}
