import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { InvalidArgumentError } from '@shortlist/core';
import type { TransformersDtype } from './transformers-embedder-options.js';

const WEIGHT_SUFFIX: Record<TransformersDtype, string> = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
};

/** A model given as a path (absolute, or starting with `.`) rather than a Hub id. */
export function isModelFolder(model: string): boolean {
  return isAbsolute(model) || model.startsWith('./') || model.startsWith('../') || model === '.';
}

/** The files a feature-extraction model folder needs for a dtype, relative to the folder. */
function requiredFiles(dtype: TransformersDtype): string[] {
  return [
    'config.json',
    'tokenizer.json',
    'tokenizer_config.json',
    `onnx/model${WEIGHT_SUFFIX[dtype]}.onnx`,
  ];
}

/**
 * Checks a local model folder has every file it needs before transformers.js looks, so the
 * error names the missing file and the folder, and returns its config's `hidden_size`.
 */
export function checkModelFolder(folder: string, dtype: TransformersDtype): number | undefined {
  const argument = 'createTransformersEmbedder(options.model)';
  if (!existsSync(folder)) {
    throw new InvalidArgumentError({
      argument,
      expected: 'a model folder or a Hub model id',
      message: `model folder ${folder} does not exist; pass a folder holding config.json, tokenizer.json and onnx/model.onnx, or a Hub model id`,
    });
  }
  for (const file of requiredFiles(dtype)) {
    if (!existsSync(join(folder, file))) {
      throw new InvalidArgumentError({
        argument,
        expected: `a model folder with ${file}`,
        message: `model folder ${folder} has no ${file}${
          file.startsWith('onnx/')
            ? ` (needed for dtype '${dtype}'; choose a dtype whose weights it has)`
            : ''
        }; export the model with its tokenizer to ONNX (e.g. with Optimum) into that folder`,
      });
    }
  }
  try {
    const config = JSON.parse(readFileSync(join(folder, 'config.json'), 'utf8')) as {
      hidden_size?: unknown;
    };
    return Number.isInteger(config.hidden_size) ? (config.hidden_size as number) : undefined;
  } catch (error) {
    throw new InvalidArgumentError({
      argument,
      expected: 'a config.json holding JSON',
      message: `model folder ${folder}: config.json is not valid JSON (${(error as Error).message})`,
      cause: error,
    });
  }
}
