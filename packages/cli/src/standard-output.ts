import { fstatSync, writeSync } from 'node:fs';

/** Whether descriptor 1 is a pipe, socket or file: no terminal whose encoding Node must handle. */
function plainDestination(): boolean {
  try {
    const stat = fstatSync(1);
    return stat.isFIFO() || stat.isSocket() || stat.isFile();
  } catch {
    return false;
  }
}

/**
 * Writes `text` to standard output. Into a pipe or file it writes to descriptor 1 directly, so
 * a one-shot command does not set up `process.stdout`, whose first use loads the terminal and
 * socket modules (a few ms of a start); a terminal gets `process.stdout`. A non-blocking pipe
 * that is full takes the rest through `process.stdout`; a reader that has gone away (EPIPE, as
 * with `| head`) ends the output without an error.
 */
export function writeStdout(text: string): void {
  if (!plainDestination()) {
    process.stdout.write(text);
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(1, bytes, written);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        process.stdout.write(bytes.subarray(written));
        return;
      }
      if (code === 'EPIPE') return;
      throw error;
    }
  }
}
