import { fstatSync } from 'node:fs';
import { InvalidArgumentError } from '@shortlist/core';

/** How long a pipe on standard input may stay silent before the sample catalogue is used. */
const graceMs = 200;

const pipedAdvice =
  'pass --tools - to read the catalogue from standard input, or --tools FILE; without --tools the bundled sample catalogue answers';

/**
 * Called when `--tools` is absent: a catalogue piped or redirected into standard input must not
 * be ignored in favour of the bundled sample. Data on stdin is an error naming `--tools -`; an
 * empty stdin (`< /dev/null`, a closed pipe) is fine; a pipe still silent after a moment gets a
 * note on stderr, since the sample then answers.
 */
export async function refuseUnreadStdin(
  stdin: () => NodeJS.ReadStream = () => process.stdin,
): Promise<void> {
  // Descriptor 0 is looked at first and `process.stdin` set up only for a pipe: setting it up
  // loads the terminal modules (a few ms of a start), and a terminal or /dev/null needs nothing.
  let kind: 'file' | 'pipe' | 'other';
  try {
    const stat = fstatSync(0);
    kind = stat.isFile()
      ? stat.size > 0
        ? 'file'
        : 'other'
      : stat.isFIFO() || stat.isSocket()
        ? 'pipe'
        : 'other';
  } catch {
    return;
  }
  if (kind === 'other') return;
  if (kind === 'file') throw piped();
  const input = stdin();
  const outcome = await new Promise<'data' | 'end' | 'silent'>((resolve) => {
    const timer = setTimeout(() => finish('silent'), graceMs);
    const finish = (result: 'data' | 'end' | 'silent') => {
      clearTimeout(timer);
      input.off('readable', onReadable).off('end', onEnd).off('error', onEnd);
      resolve(result);
    };
    const onReadable = () => {
      const chunk = input.read() as Buffer | null;
      if (chunk === null) return;
      finish(chunk.toString('utf8').trim() === '' ? 'end' : 'data');
    };
    const onEnd = () => finish('end');
    input.on('readable', onReadable).on('end', onEnd).on('error', onEnd);
  });
  input.pause();
  input.destroy();
  if (outcome === 'data') throw piped();
  if (outcome === 'silent') {
    process.stderr.write(
      `shortlist: standard input is a pipe but --tools was not given; answering from the bundled sample catalogue (${pipedAdvice.split(';')[0]})\n`,
    );
  }
}

const piped = () =>
  new InvalidArgumentError({
    argument: '--tools',
    expected: '--tools - to read standard input',
    message: `a tool catalogue is on standard input but --tools was not given; ${pipedAdvice}`,
  });
