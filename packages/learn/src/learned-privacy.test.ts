import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bm25 } from '@shortlist/bm25';
import { sampleTools } from '@shortlist/conformance';
import { pipe } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { encodeRecord, LOG_HEADER } from './example-log-format.js';
import { fileExampleStore } from './file-example-store.js';
import { learned } from './learned.js';
import { encodeRequest } from './request-form.js';
import { tempDir } from './test-temp-dir.js';

const file = tempDir();

/** Requests in words no tool of the kit's catalogue uses, each naming a different tool. */
const taught = [
  { query: 'jot down that the rent is due friday', tool: 'create_calendar_event' },
  { query: 'remind Priya about the quarterly invoice', tool: 'send_email' },
  { query: 'heads up everyone, prod is on fire', tool: 'post_chat_message' },
];

/**
 * The words of a request that must not be on disk: every word of three letters or more, less
 * those made only of hex digits ("bad", "face"), which a hash may spell by chance.
 */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3 && /[^a-f]/.test(word));

const open = (path: string) =>
  pipe(bm25())
    .learn(learned({ store: fileExampleStore(path) }))
    .index(sampleTools);

const first = async (picker: Awaited<ReturnType<typeof open>>, query: string) =>
  (await picker.select(query, { limit: 3 })).picks[0]?.name;

describe('what learning keeps on disk', () => {
  it('keeps no readable word of a taught request, in a file and folder only the user can read', async () => {
    const path = join(file('private'), 'examples.jsonl');
    const picker = await open(path);
    await picker.learn(taught);
    const bytes = readFileSync(path, 'utf8').toLowerCase();
    for (const { query } of taught)
      for (const word of wordsOf(query)) expect(bytes).not.toContain(word);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    // What was learnt still serves, from the hashed form alone, in a picker opened afresh.
    const again = await open(path);
    for (const { query, tool } of taught) expect(await first(again, query)).toBe(tool);
    picker.dispose();
    again.dispose();
  });

  it('erases every trace of a forgotten request from the file, whichever selector names it', async () => {
    const path = join(file('forget'), 'examples.jsonl');
    const picker = await open(path);
    await picker.learn(taught);
    const traces = (query: string) => encodeRequest(query).split(' ').slice(1);
    const [rent, invoice, fire] = taught;
    expect(await picker.forget({ query: '  JOT down that the rent is due Friday ' })).toBe(1);
    expect(await picker.forget({ queryContains: 'quarterly invoice' })).toBe(1);
    const bytes = readFileSync(path, 'utf8');
    for (const trace of [...traces(rent!.query), ...traces(invoice!.query)])
      expect(bytes).not.toContain(trace);
    for (const trace of traces(fire!.query)) expect(bytes).toContain(trace);
    expect(await first(picker, fire!.query)).toBe(fire!.tool);
    await expect(picker.forget({ queryContains: 'is the' })).rejects.toThrow(/stopword/);
    picker.dispose();
  });

  it('removes a temporary copy that a process killed mid-compaction left behind', async () => {
    const path = join(file('crash'), 'examples.jsonl');
    mkdirSync(dirname(path), { recursive: true });
    // No process has pid 2^22 + 1 here (Linux caps pids at 2^22).
    const leftover = `${path}.4194305.k3j2.tmp`;
    writeFileSync(
      leftover,
      `${LOG_HEADER}${encodeRecord({ add: { query: 'secret words', tool: 'send_email' } })}`,
    );
    const hourAgo = (Date.now() - 3_600_000) / 1000;
    utimesSync(leftover, hourAgo, hourAgo);
    const picker = await open(path);
    expect(existsSync(leftover)).toBe(false);
    picker.dispose();
  });

  it('reads a file an earlier version wrote in plain text, and forgets from it by the request', async () => {
    const path = join(file('legacy'), 'examples.jsonl');
    mkdirSync(dirname(path), { recursive: true });
    const old = taught[2]!;
    writeFileSync(path, `${LOG_HEADER}${encodeRecord({ add: { ...old, at: Date.now() } })}`);
    const picker = await open(path);
    expect(await first(picker, old.query)).toBe(old.tool);
    expect(await picker.forget({ query: old.query })).toBe(1);
    expect(readFileSync(path, 'utf8')).not.toContain('prod');
    picker.dispose();
  });
});
