import { readFile } from 'node:fs/promises';
import { InvalidArgumentError } from '@shortlist/core';

/** Reads `--config`: JSON with an mcpServers (or VS Code servers) object; errors name the flag. */
export async function readConfig(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InvalidArgumentError({
      argument: '--config',
      expected: 'a readable JSON file',
      message: `cannot read --config ${path}: ${(error as Error).message}`,
      cause: error,
    });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: '--config',
      expected: 'JSON with an mcpServers (or VS Code servers) object',
      message: `--config ${path} is not valid JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
}
