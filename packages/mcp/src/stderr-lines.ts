import type { Readable } from 'node:stream';
import type { Redactor } from '@shortlist/remote';

/** Longest stderr line passed on whole; a server that never ends a line cannot fill memory. */
const maxLineLength = 65_536;

/**
 * Passes an upstream's stderr on line by line, each redacted. A line longer than
 * `maxLineLength` is cut short of any partial secret at its end, and its rest dropped.
 */
export function redactedLines(
  stream: Readable,
  redactor: Redactor,
  onLine: (line: string) => void,
): void {
  let pending = '';
  let cutting = false;
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    let text = chunk;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n')) {
      const line = pending + text.slice(0, newline);
      pending = '';
      text = text.slice(newline + 1);
      if (cutting) cutting = false;
      else onLine(redactor.clean(line.replace(/\r$/, '')));
    }
    if (cutting) return;
    pending += text;
    if (pending.length > maxLineLength) {
      const cleaned = redactor.clean(pending);
      onLine(
        `${cleaned.slice(0, Math.min(maxLineLength, cleaned.length - redactor.longest))} [line cut]`,
      );
      pending = '';
      cutting = true;
    }
  });
  stream.on('end', () => {
    if (pending && !cutting) onLine(redactor.clean(pending));
  });
}
