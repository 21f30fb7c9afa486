import { hasErrorCode, ShortlistError } from './shortlist-error.js';

/** A plugin implements a spec version this copy of core does not know. */
export class UnsupportedSpecVersionError extends ShortlistError {
  /** Which kind of plugin: ranker, embedder, fusion or packer. */
  readonly kind: string;
  readonly pluginId: string;
  readonly received: unknown;
  readonly supported: readonly string[];

  constructor(options: {
    kind: string;
    pluginId: string;
    received: unknown;
    supported: readonly string[];
  }) {
    super(
      'unsupported-spec-version',
      `${options.kind} "${options.pluginId}" implements specificationVersion ${JSON.stringify(
        options.received,
      )}, but this @shortlist/core supports ${options.supported
        .map((v) => `"${v}"`)
        .join(', ')}; upgrade @shortlist/core or use a plugin version built for it`,
    );
    this.name = 'UnsupportedSpecVersionError';
    this.kind = options.kind;
    this.pluginId = options.pluginId;
    this.received = options.received;
    this.supported = options.supported;
  }

  static override isInstance(value: unknown): value is UnsupportedSpecVersionError {
    return hasErrorCode(value, 'unsupported-spec-version');
  }
}
