import { readFile } from 'node:fs/promises';
import { InvalidArgumentError, type Tool, toTools } from '@shortlist/core';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses JSON, or JSON Lines (one tool per line) when the text is not one JSON value. */
function parse(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length > 1) {
      return lines.map((line, i) => {
        try {
          return JSON.parse(line);
        } catch (lineError) {
          throw new InvalidArgumentError({
            argument: '--tools',
            expected: 'a JSON file or JSON Lines',
            message: `${source} line ${i + 1} is not JSON (${(lineError as Error).message}); give a JSON array of tools, an MCP tools/list result, or one tool per line`,
          });
        }
      });
    }
    throw new InvalidArgumentError({
      argument: '--tools',
      expected: 'a JSON file',
      message: `${source} is not JSON (${(error as Error).message}); give a JSON array of tools or an MCP tools/list result`,
    });
  }
}

/**
 * Reads a tool catalogue from a file, or standard input for `-`, in any format `toTools`
 * accepts (OpenAI, Anthropic, MCP `tools/list`, plain), as JSON or JSON Lines.
 */
export async function readTools(path: string): Promise<Tool[]> {
  const source = path === '-' ? 'standard input' : path;
  let text: string;
  try {
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw new InvalidArgumentError({
      argument: '--tools',
      expected: 'a readable file, or - for standard input',
      message: `cannot read tools from ${source} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      cause: error,
    });
  }
  if (text.trim() === '') {
    throw new InvalidArgumentError({
      argument: '--tools',
      expected: 'a tool catalogue',
      message: `${source} is empty; give a JSON array of tools or an MCP tools/list result`,
    });
  }
  const tools = toTools(parse(text, source));
  if (tools.length === 0) {
    throw new InvalidArgumentError({
      argument: '--tools',
      expected: 'at least one tool',
      message: `${source} holds no tools; give a JSON array of tools or an MCP tools/list result with at least one`,
    });
  }
  return tools;
}
