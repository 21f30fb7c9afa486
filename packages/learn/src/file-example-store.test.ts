import { appendFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { CorruptDataError, InvalidArgumentError, type ToolExample } from '@shortlist/core';
import type { ExampleChange } from '@shortlist/core/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { fileExampleStore } from './file-example-store.js';
import type { FileExampleStore, FileExampleStoreOptions } from './file-example-store-options.js';
import { tempDir } from './test-temp-dir.js';

const file = tempDir();
const opened: FileExampleStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

/** A store whose warnings are collected rather than printed. */
function open(path: string, options: FileExampleStoreOptions = {}) {
  const warnings: string[] = [];
  const store = fileExampleStore(path, {
    onWarning: (message) => warnings.push(message),
    ...options,
  });
  opened.push(store);
  return { store, warnings };
}

const queries = (examples: readonly ToolExample[]) => examples.map((example) => example.query);
const examples = (count: number, prefix = 'request'): ToolExample[] =>
  Array.from({ length: count }, (_, i) => ({ query: `${prefix} ${i}`, tool: `tool_${i % 7}` }));

describe('fileExampleStore()', () => {
  it('keeps examples across a restart, as they were, in a file that names its format', async () => {
    const path = file('restart.jsonl');
    const first = open(path).store;
    await first.addExamples([
      { query: 'send an email', tool: 'send_email' },
      { query: 'weather', tool: 'a_tool_no_catalogue_has', helpful: false, at: 42 },
    ]);
    const before = await first.readExamples();
    await first.close();
    const { store, warnings } = open(path);
    expect(await store.readExamples()).toEqual(before);
    expect(warnings).toEqual([]);
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'shortlist-examples', version: 1 });
    expect(JSON.parse(lines[2]!)).toEqual({
      v: 1,
      add: { query: 'weather', tool: 'a_tool_no_catalogue_has', helpful: false, at: 42 },
      c: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
  });

  it('rejects bad examples with a typed error and writes none of the batch', async () => {
    const path = file('bad-input.jsonl');
    const { store } = open(path);
    await store.addExamples([{ query: 'kept', tool: 'a' }]);
    const size = readFileSync(path).length;
    for (const bad of [
      'not an array',
      null,
      [
        { query: 'fine', tool: 'a' },
        { query: '', tool: 'a' },
      ],
      [{ query: 'fine', tool: 'a' }, { query: 'no tool' }],
      [{ query: 'x', tool: 'a', helpful: 'yes' }],
      [{ query: 'x', tool: 'a', at: Number.NaN }],
      [{ query: 'x'.repeat(2001), tool: 'a' }],
    ]) {
      const error = await Promise.resolve()
        .then(() => store.addExamples(bad as never))
        .catch((caught: unknown) => caught);
      expect(InvalidArgumentError.isInstance(error), String(bad)).toBe(true);
      expect((error as InvalidArgumentError).argument).toMatch(/^addExamples\(examples\)/);
    }
    await expect(store.forgetExamples({ tool: '' })).rejects.toThrow(InvalidArgumentError);
    await expect(store.forgetExamples({} as never)).rejects.toThrow(/exactly one of/);
    expect(readFileSync(path).length).toBe(size);
    expect(queries(await store.readExamples())).toEqual(['kept']);
  });

  it('rejects bad options and a closed store with typed errors', async () => {
    for (const options of [{ maxExamples: 0 }, { maxAgeMs: -1 }, { pollMs: 0 }, { fsync: 1 }]) {
      expect(() => fileExampleStore(file('x'), options as never)).toThrow(InvalidArgumentError);
    }
    expect(() => fileExampleStore('')).toThrow(/pass the path of the examples file/);
    const directory = file('a-directory');
    mkdirSync(directory);
    await expect(open(directory).store.readExamples()).rejects.toThrow(/is a directory/);
    const store = fileExampleStore(file('closed.jsonl'));
    await store.close();
    await expect(store.addExamples([{ query: 'q', tool: 't' }])).rejects.toThrow(/was closed/);
  });

  it('skips a torn last line with a warning, and starts the next append on a fresh line', async () => {
    const path = file('torn.jsonl');
    const first = open(path).store;
    await first.addExamples(examples(5));
    await first.close();
    // What a write cut short leaves (a power loss, a full disk): half a record, no newline.
    const whole = readFileSync(path);
    appendFileSync(path, whole.subarray(whole.length - 60, whole.length - 20));

    const { store, warnings } = open(path);
    expect(queries(await store.readExamples())).toEqual(queries(examples(5)));
    expect(warnings).toEqual([
      expect.stringMatching(/skipped the last 40 bytes, not a whole line/),
    ]);
    await store.addExamples([{ query: 'after the tear', tool: 'a' }]);
    const torn = whole.subarray(whole.length - 60, whole.length - 20).toString();
    expect(readFileSync(path, 'utf8').split('\n').slice(-3, -1)).toEqual([
      torn,
      expect.stringMatching(/^\{"v":1,"add":\{"query":"after the tear"/),
    ]);
    await store.close();

    const again = open(path);
    expect(queries(await again.store.readExamples())).toEqual([
      ...queries(examples(5)),
      'after the tear',
    ]);
    expect(again.warnings).toEqual([expect.stringMatching(/skipped a damaged line at byte \d+/)]);
    // Compaction drops the damaged line: the file then reads back without a warning.
    await again.store.compact();
    const clean = open(path);
    expect(queries(await clean.store.readExamples())).toHaveLength(6);
    expect(clean.warnings).toEqual([]);
  });

  it('recovers a record appended straight after a torn line, and skips an altered one', async () => {
    const path = file('damaged.jsonl');
    const first = open(path).store;
    await first.addExamples(examples(3));
    await first.close();
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    // An append that raced the tear: half a record, then a whole one on the same line.
    const glued = `${lines[1]!.slice(0, 30)}${lines[3]!}`;
    // A record whose text changed after it was written: its checksum no longer matches.
    const altered = lines[2]!.replace('request 1', 'request 9');
    writeFileSync(path, [lines[0], glued, altered, ''].join('\n'));
    const { store, warnings } = open(path);
    expect(queries(await store.readExamples())).toEqual(['request 2']);
    expect(warnings).toEqual([
      expect.stringMatching(/skipped 30 damaged bytes at byte 44/),
      expect.stringMatching(/skipped a damaged line at byte \d+ \(checksum mismatch\)/),
    ]);
  });

  it('refuses a file that is not its own with CorruptDataError, and leaves it untouched', async () => {
    const cases = {
      'notes.txt': 'my shopping list\nmilk\n',
      'other.jsonl': '{"format":"something-else","version":1}\n{"a":1}\n',
      'newer.jsonl': '{"format":"shortlist-examples","version":2}\n',
      'binary.bin': '\u0000\u0001\u0002garbage',
    };
    for (const [name, content] of Object.entries(cases)) {
      const path = file(name);
      writeFileSync(path, content);
      const { store } = open(path);
      const error = await Promise.resolve(store.addExamples([{ query: 'q', tool: 't' }])).catch(
        (caught: unknown) => caught,
      );
      expect(CorruptDataError.isInstance(error), name).toBe(true);
      expect((error as Error).message).toContain(path);
      expect((error as Error).message).toMatch(
        name === 'newer.jsonl'
          ? /format version 2, this @shortlist\/learn reads version 1/
          : /not a Shortlist examples file.*another path/,
      );
      expect(readFileSync(path, 'utf8')).toBe(content);
    }
  });

  it('gives an empty file (touched, or cut inside its header) a header and uses it', async () => {
    for (const content of ['', '{"format":"shortl']) {
      const path = file('empty.jsonl');
      writeFileSync(path, content);
      const { store, warnings } = open(path);
      await store.addExamples([{ query: 'q', tool: 't' }]);
      expect(
        readFileSync(path, 'utf8').startsWith(
          '{"format":"shortlist-examples","version":1}\n{"v":1,',
        ),
      ).toBe(true);
      expect(warnings).toEqual([]);
    }
  });

  it('keeps at most maxExamples across restarts, the newest', async () => {
    const path = file('bounded.jsonl');
    await open(path, { maxExamples: 3 }).store.addExamples(examples(5));
    const { store } = open(path, { maxExamples: 3 });
    expect(queries(await store.readExamples())).toEqual(['request 2', 'request 3', 'request 4']);
  });

  it('drops examples as they pass maxAgeMs, telling subscribers, also while idle', async () => {
    const path = file('aged.jsonl');
    const { store } = open(path, { maxAgeMs: 300, pollMs: 20 });
    const heard: ExampleChange[] = [];
    store.subscribe((change) => heard.push(change));
    await store.addExamples([
      { query: 'stale', tool: 'a', at: Date.now() - 1000 },
      { query: 'fresh', tool: 'a' },
    ]);
    expect(heard.map((change) => change.type)).toEqual(['added', 'dropped']);
    expect(queries(await store.readExamples())).toEqual(['fresh']);
    await expect
      .poll(() => heard.map((change) => change.type), { timeout: 10_000, interval: 20 })
      .toEqual(['added', 'dropped', 'dropped']);
    expect(heard[2]).toMatchObject({ type: 'dropped', examples: [{ query: 'fresh' }] });
    expect(await store.readExamples()).toEqual([]);
  }, 20_000);

  it('compacts itself once dead records outnumber live ones; another handle re-reads (reset)', async () => {
    const path = file('compacting.jsonl');
    const { store } = open(path, { maxExamples: 10 });
    // Idle while the file is compacted (no polling), so it cannot compact the file itself first.
    const other = open(path, { maxExamples: 10, pollMs: 60_000 }).store;
    await other.readExamples();
    const heard: ExampleChange['type'][] = [];
    other.subscribe((change) => heard.push(change.type));
    for (let round = 0; round < 12; round++)
      await store.addExamples(examples(100, `round ${round}`));
    const lines = readFileSync(path, 'utf8').split('\n').length;
    expect(lines).toBeLessThan(1000);
    expect(queries(await store.readExamples())).toEqual(
      queries(examples(100, 'round 11').slice(90)),
    );
    expect(await other.readExamples()).toEqual(await store.readExamples());
    expect(heard).toContain('reset');
  }, 20_000);

  it('erases forgotten examples from the file bytes at once', async () => {
    const path = file('personal.jsonl');
    const { store } = open(path);
    await store.addExamples([
      { query: 'book a flight to Lisbon', tool: 'book_flight' },
      { query: 'my diagnosis is hepatitis, find a clinic', tool: 'find_clinic' },
      { query: 'refill my hepatitis prescription', tool: 'pharmacy' },
    ]);
    expect(await store.forgetExamples({ queryContains: 'hepatitis' })).toBe(2);
    expect(queries(await store.readExamples())).toEqual(['book a flight to Lisbon']);
    // A forget that dropped anything rewrites the file: neither the records nor the tombstone stay.
    const bytes = readFileSync(path, 'utf8');
    expect(bytes).not.toContain('hepatitis');
    expect(bytes).not.toContain('clinic');
    expect(bytes).toContain('Lisbon');
    expect(queries(await open(path).store.readExamples())).toEqual(['book a flight to Lisbon']);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const path = file('stale-lock.jsonl');
    const { store } = open(path);
    await store.addExamples(examples(3));
    await store.forgetExamples({ query: 'request 0' });
    // No live process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
    writeFileSync(`${path}.lock`, `4194305\n${hostname()}\n${Date.now()}\n`);
    await store.compact();
    expect(readFileSync(path, 'utf8')).not.toContain('request 0');
    expect(() => readFileSync(`${path}.lock`)).toThrow(/ENOENT/);
  });

  it('refuses a file larger than it reads before reading it, with a typed error', async () => {
    const path = file('huge.jsonl');
    writeFileSync(path, '');
    truncateSync(path, 2 ** 31); // sparse: 2 GiB that take no disk
    const error = await open(path)
      .store.readExamples()
      .catch((e: unknown) => e);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/2\.0 GiB.*not read/);
  });

  it('says a file saved with CR LF line ends is that, not a newer format', async () => {
    const path = file('crlf.jsonl');
    writeFileSync(path, '{"format":"shortlist-examples","version":1}\r\n');
    const error = await open(path)
      .store.readExamples()
      .catch((e: unknown) => e);
    expect(CorruptDataError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/CR LF/);
    expect((error as Error).message).not.toMatch(/upgrade/);
  });

  it('names the first damaged lines and sums up the rest in one warning', async () => {
    const path = file('damaged.jsonl');
    const { store, warnings } = open(path);
    await store.addExamples([{ query: 'book a flight', tool: 'book_flight' }]);
    appendFileSync(path, 'not a record\n'.repeat(1000));
    const again = open(path);
    expect(await again.store.readExamples()).toHaveLength(1);
    expect(again.warnings.length).toBeLessThanOrEqual(11);
    expect(again.warnings.at(-1)).toMatch(/990 more damaged lines .*1000 in all/);
    expect(warnings).toEqual([]);
  });
});
