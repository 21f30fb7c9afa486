import { CorruptDataError, InvalidArgumentError } from '@shortlist/core';
import type { ConfiguredFusion } from './fusion-config.js';
import { rrf } from './rrf.js';
import { weighted } from './weighted.js';

/**
 * Rebuilds a fusion from its configuration: a `FusionConfig` object, or the JSON string of one
 * (`JSON.stringify(fusion)`). Values are checked as the factories check them.
 */
export function fusionFromJSON(json: unknown): ConfiguredFusion {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new CorruptDataError({
        source: 'fusion JSON',
        message: 'fusionFromJSON(json): the string is not valid JSON; pass JSON.stringify(fusion)',
        cause,
      });
    }
  }
  const config = value as { method?: unknown } | null;
  if (typeof config !== 'object' || config === null) {
    throw new InvalidArgumentError({
      argument: 'fusionFromJSON(json)',
      expected: 'a fusion config object or its JSON string',
      message: `fusionFromJSON(json) takes a fusion config such as { method: 'rrf', k: 60, weights: {} }, got ${config === null ? 'null' : typeof config}`,
    });
  }
  const { method, ...options } = config as Record<string, unknown>;
  if (method === 'rrf') return rrf(options);
  if (method === 'weighted') return weighted(options);
  throw new InvalidArgumentError({
    argument: 'fusionFromJSON(json).method',
    expected: "'rrf' or 'weighted'",
    message: `fusionFromJSON(json).method must be 'rrf' or 'weighted', got ${JSON.stringify(method)}`,
  });
}
