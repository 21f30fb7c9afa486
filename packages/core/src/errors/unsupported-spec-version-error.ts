import { hasErrorCode, ShortlistError } from './shortlist-error.js';

/** A plugin implements a spec version this copy of core does not know. */
export class UnsupportedSpecVersionError extends ShortlistError {
  /** Which kind of plugin: ranker, embedder, fusion, learner or packer. */
  declare readonly kind: string;
  declare readonly pluginId: string;
  declare readonly received: unknown;
  declare readonly supported: readonly string[];

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
    const { kind, pluginId, received, supported } = options;
    Object.assign(this, { kind, pluginId, received, supported });
  }

  static override isInstance(value: unknown): value is UnsupportedSpecVersionError {
    return hasErrorCode(value, 'unsupported-spec-version');
  }
}
