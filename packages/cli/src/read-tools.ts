import { createReadStream } from 'node:fs';
import { InvalidArgumentError, type Tool, toTools } from '@shortlist/core';

/**
 * The most `--tools` reads: 64 MB, some 50 times the largest real catalogue we know, so a
 * device, a FIFO or standard input that never ends stops here instead of filling memory.
 */
const MAX_TOOLS_BYTES = 64 * 1024 * 1024;

/** Reads a stream chunk by chunk, up to `MAX_TOOLS_BYTES`; past it, stops reading and refuses. */
async function readCapped(input: NodeJS.ReadableStream, source: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of input) {
      size += (chunk as Buffer).length;
      if (size > MAX_TOOLS_BYTES) {
        throw new InvalidArgumentError({
          argument: '--tools',
          expected: `a catalogue of at most ${MAX_TOOLS_BYTES / 1024 / 1024} MB`,
          message: `--tools ${source} is larger than ${MAX_TOOLS_BYTES / 1024 / 1024} MB, the most it reads; give a file of tool definitions (is it a device or an endless stream?)`,
        });
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
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
 * accepts (OpenAI, Anthropic, MCP `tools/list`, plain), as JSON or JSON Lines; at most
 * `MAX_TOOLS_BYTES`, read incrementally so an endless input stops there.
 */
export async function readTools(path: string): Promise<Tool[]> {
  const source = path === '-' ? 'standard input' : path;
  let text: string;
  try {
    const input = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
    text = await readCapped(input, path === '-' ? '- (standard input)' : path);
  } catch (error) {
    if (InvalidArgumentError.isInstance(error)) throw error;
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
