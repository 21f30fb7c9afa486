import { errorLine } from './error-line.js';
import { createProgram } from './program.js';
import { escapeControl } from './terminal-text.js';

/**
 * Runs the CLI on `argv` (as `process.argv`). Errors print as one line on standard error and set
 * exit code 1; usage errors are reported by the argument parser the same way.
 */
export async function run(argv: readonly string[] = process.argv): Promise<void> {
  try {
    await createProgram(argv).parseAsync([...argv]);
  } catch (error) {
    process.stderr.write(`${errorLine(error)}\n`);
    if (process.env.SHORTLIST_DEBUG && error instanceof Error && error.stack) {
      process.stderr.write(`${escapeControl(error.stack)}\n`);
    }
    process.exitCode = 1;
  }
}
