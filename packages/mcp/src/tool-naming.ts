import { createHash } from 'node:crypto';

/** Longest tool name MCP allows (SEP-986). */
export const maxToolNameLength = 128;

/** Separator between the server and tool parts of a gateway tool name. */
export const toolNameSeparator = '__';

const invalid = /[^A-Za-z0-9_.-]/g;

function shortHash(server: string, tool: string): string {
  return createHash('sha256').update(`${server}\0${tool}`).digest('hex').slice(0, 8);
}

/**
 * Names an upstream tool `<server>__<tool>`, with characters MCP does not allow replaced by `_`.
 * When that is longer than 128 characters or already taken (two names that sanitise alike),
 * it is cut short and ends in `_` plus 8 hex digits of a hash of the exact server and tool names.
 */
export function gatewayToolName(
  server: string,
  tool: string,
  taken: { has(name: string): boolean },
): string {
  const plain = `${server}${toolNameSeparator}${tool}`.replace(invalid, '_');
  if (plain.length <= maxToolNameLength && !taken.has(plain)) return plain;
  const suffix = `_${shortHash(server, tool)}`;
  return `${plain.slice(0, maxToolNameLength - suffix.length)}${suffix}`;
}
