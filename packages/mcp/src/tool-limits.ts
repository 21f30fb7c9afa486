/** Deepest nesting of objects and arrays a tool definition may have; real schemas stay far below. */
const maxToolDepth = 100;

/** Largest tool definition, in characters of its JSON. */
const maxToolSize = 1_000_000;

/**
 * Why a raw tool definition is too deep or too large to serve, or undefined. Walks it with an
 * explicit stack, so a hostile nesting cannot overflow the call stack here; it runs before
 * anything recursive (parsing, hashing, compiling) touches the definition.
 */
export function oversizedTool(raw: unknown): string | undefined {
  const tooLarge = `its definition is larger than ${maxToolSize} characters`;
  const stack: [unknown, number][] = [[raw, 1]];
  let size = 0;
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') size += value.length + 2;
    else if (value === null || typeof value !== 'object') size += String(value).length;
    else {
      if (depth > maxToolDepth) return `its definition nests deeper than ${maxToolDepth} levels`;
      size += 2;
      if (Array.isArray(value)) {
        for (const item of value) {
          size += 1;
          stack.push([item, depth + 1]);
        }
      } else {
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          size += key.length + 4;
          stack.push([(value as Record<string, unknown>)[key], depth + 1]);
        }
      }
    }
    if (size > maxToolSize) return tooLarge;
  }
  return undefined;
}

/**
 * Largest message read from an upstream, in bytes: what the MCP SDK allows one stdio message,
 * applied to HTTP upstreams too, so no transport lets an upstream fill the gateway's memory.
 */
export const maxUpstreamMessageBytes = 10 * 1024 * 1024;

/**
 * What the gateway says of an upstream message over the cap, after "upstream NAME ": what came
 * over it, the cap, and what to do.
 */
export function oversizedMessage(method: string, tool?: string): string {
  const what = tool === undefined ? method : `"${tool}"`;
  const advice =
    method === 'tools/list'
      ? 'page tools/list with nextCursor or serve fewer tools'
      : 'ask the tool for less (a narrower request, one page)';
  return `sent a message over ${maxUpstreamMessageBytes / 1024 / 1024} MiB (${maxUpstreamMessageBytes} bytes) answering ${what}, past the gateway's cap on one upstream message; ${advice}`;
}
