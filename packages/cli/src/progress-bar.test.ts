import { expect, it } from 'vitest';
import { progressBar } from './progress-bar.js';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return {
    written,
    stream: () => ({ isTTY, write: (text: string) => written.push(text) > 0 }),
  };
};

it('draws on a terminal, always draws the last step, and clears the line when done', () => {
  const terminal = stream(true);
  const bar = progressBar(terminal.stream);
  bar.update({ phase: 'bm25', done: 1, total: 4 });
  bar.update({ phase: 'bm25', done: 2, total: 4 }); // within 100 ms: skipped
  bar.update({ phase: 'bm25', done: 4, total: 4 });
  bar.done();
  expect(terminal.written).toHaveLength(3);
  expect(terminal.written[0]).toContain('bm25 ██████░░░░░░░░░░░░░░░░░░ 25% 1/4');
  expect(terminal.written[1]).toContain('100% 4/4');
  expect(terminal.written[2]).toBe('\r\x1b[2K');
});

it('writes nothing when the stream is not a terminal', () => {
  const piped = stream(false);
  const bar = progressBar(piped.stream);
  bar.update({ phase: 'bm25', done: 4, total: 4 });
  bar.done();
  expect(piped.written).toEqual([]);
});
