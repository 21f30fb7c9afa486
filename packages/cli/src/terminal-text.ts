/** C0 controls but tab, DEL and C1 controls: what a terminal may act on rather than print. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/**
 * User input (a query, a file name, a tool name, a snippet of a file) made safe to echo to a
 * terminal: each control character is shown as `\x1b`-style text, so a file cannot clear the
 * screen, retitle the window or forge output. Tabs are kept.
 */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Writes one line of a message to standard error, its text escaped (`escapeControl`). */
export function stderrLine(text: string): void {
  process.stderr.write(`${escapeControl(text)}\n`);
}
