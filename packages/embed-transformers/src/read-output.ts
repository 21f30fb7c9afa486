import { PluginError } from '@shortlist/core';

/**
 * Splits a pooled `[texts, dimensions]` tensor into one vector per text, after checking it has
 * one finite vector of the declared length per text; anything else names the model.
 */
export function checkOutput(
  output: { dims: readonly number[]; data: unknown },
  expected: { id: string; modelId: string; count: number; dimensions: number },
): Float32Array[] {
  const { id, modelId, count, dimensions } = expected;
  const fail = (message: string): never => {
    throw new PluginError({ pluginId: id, message: `model ${modelId} ${message}` });
  };
  const { dims, data } = output;
  if (!(data instanceof Float32Array) || dims.length !== 2) {
    fail(
      `returned a tensor of shape [${dims.join(', ')}], not one float32 vector per text; is it a sentence-embedding model?`,
    );
  }
  if (dims[0] !== count) fail(`returned ${dims[0]} vectors for ${count} texts`);
  if (dims[1] !== dimensions) {
    fail(
      `returned vectors of length ${dims[1]}, but ${dimensions} dimensions were declared; set dimensions to ${dims[1]}`,
    );
  }
  const values = data as Float32Array;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      fail(
        `returned a non-finite value (${values[i]}) in the vector of text ${Math.floor(i / dimensions)} of the batch`,
      );
    }
  }
  return Array.from({ length: count }, (_, i) =>
    values.slice(i * dimensions, (i + 1) * dimensions),
  );
}
