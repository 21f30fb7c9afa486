import { InvalidArgumentError } from '@shortlist/core';

/** Where a provider's key comes from, and what to say when there is none. */
export interface CredentialSource {
  /** The key passed in the options, which wins over the environment. */
  readonly given: string | undefined;
  /** The environment variable read when no key was given, e.g. 'OPENAI_API_KEY'. */
  readonly envVar: string;
  /** The option the key goes in, for the error, e.g. 'createOpenAIEmbedder(options.apiKey)'. */
  readonly argument: string;
  /** What the key is, for the error, e.g. 'an OpenAI API key'. */
  readonly expected: string;
  /** The error message when no key is found: how to set one. */
  readonly missing: string;
  /** Let a missing key be `undefined` (a local server with no auth). @default false */
  readonly optional?: boolean;
}

/**
 * The key a remote part sends, read when it first calls out (never at import, so a ready-made
 * default embedder can be imported before the environment is set): the given key, else the
 * environment variable; blank counts as missing.
 */
export function readCredential(
  source: CredentialSource & { readonly optional: true },
): string | undefined;
export function readCredential(source: CredentialSource): string;
export function readCredential(source: CredentialSource): string | undefined {
  const key = source.given ?? process.env[source.envVar];
  if (typeof key === 'string' && key.trim() !== '') return key;
  if (source.optional) return undefined;
  throw new InvalidArgumentError({
    argument: source.argument,
    expected: source.expected,
    message: source.missing,
  });
}
