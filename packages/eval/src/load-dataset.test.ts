import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CorruptDataError, InvalidArgumentError } from '@shortlist/core';
import { toolFields } from '@shortlist/core/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { DatasetError } from './dataset-error.js';
import { loadDataset } from './load-dataset.js';

const tiny = fileURLToPath(new URL('./fixtures/tiny', import.meta.url));

describe('loadDataset', () => {
  it('reads tools as canonical tools named by their dataset id', async () => {
    const dataset = await loadDataset(tiny);
    expect(dataset.name).toBe('tiny');
    expect(dataset.tools.map((tool) => tool.name)).toEqual([
      'get_weather',
      'get_weather~2',
      'send_email',
      'create_invoice',
      'book_meeting',
      'translate_text',
    ]);
    const variant = dataset.tools[1]!;
    expect(variant.title).toBe('get_weather');
    expect(variant.description).toBe('Weather forecast by postal code.');
    expect(variant.inputSchema).toEqual({
      type: 'object',
      properties: { zip: { type: 'string' } },
    });
    expect(dataset.tools[0]!.title).toBeUndefined();
    expect(dataset.tools[4]!.meta).toEqual({ field: 'calendar' });
  });

  it('reads queries with relevance, split and the group from the id', async () => {
    const { queries } = await loadDataset(tiny);
    expect(queries).toHaveLength(5);
    expect(queries[0]).toEqual({
      id: 'simple_0',
      query: 'what is the weather in Paris',
      relevant: ['get_weather'],
      relevantAnyVariant: ['get_weather', 'get_weather~2'],
      split: 'test',
      group: 'simple',
    });
    expect(queries.map((query) => query.group)).toEqual([
      'simple',
      'simple',
      'simple',
      'multi',
      'multi',
    ]);
  });

  it('keeps one split, and says which splits exist when asked for another', async () => {
    const { queries } = await loadDataset(tiny, { split: 'test' });
    expect(queries.map((query) => query.id)).toEqual(['simple_0', 'simple_2']);
    await expect(loadDataset(tiny, { split: 'dev' })).rejects.toThrow(
      /no query in split "dev"; its splits are test, train/,
    );
  });

  it('samples deterministically, in file order, each sample inside the larger one', async () => {
    const three = await loadDataset(tiny, { sample: 3 });
    const again = await loadDataset(tiny, { sample: 3 });
    const four = await loadDataset(tiny, { sample: 4 });
    const ids = three.queries.map((query) => query.id);
    expect(ids).toHaveLength(3);
    expect(again.queries.map((query) => query.id)).toEqual(ids);
    const fourIds = four.queries.map((query) => query.id);
    for (const id of ids) expect(fourIds).toContain(id);
    const all = (await loadDataset(tiny)).queries.map((query) => query.id);
    expect(ids).toEqual(all.filter((id) => ids.includes(id)));
    await expect(loadDataset(tiny, { sample: 0 })).rejects.toThrow(InvalidArgumentError);
  });

  it('says which file is missing', async () => {
    await expect(loadDataset(join(tiny, 'nope'))).rejects.toThrow(
      /cannot read .*nope\/tools\.jsonl \(ENOENT\)/,
    );
  });
});

describe('loadDataset on a broken folder', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads an MCP title into the title field and refuses a bad one', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shortlist-eval-'));
    const tools = [
      {
        id: 'github__create_issue',
        name: 'create_issue',
        title: 'Open a GitHub issue',
        description: 'Creates an issue.',
      },
      { id: 'github__list_issues', name: 'list_issues', description: 'Lists issues.' },
    ];
    await writeFile(join(dir, 'tools.jsonl'), tools.map((tool) => JSON.stringify(tool)).join('\n'));
    await writeFile(
      join(dir, 'queries.jsonl'),
      '{"id": "q1", "query": "open a ticket", "relevant": ["github__create_issue"]}\n',
    );
    const dataset = await loadDataset(dir);
    // An explicit title wins over the original name; without one the name stays the title.
    expect(dataset.tools.map((tool) => tool.title)).toEqual(['Open a GitHub issue', 'list_issues']);
    // The rankers read a tool through toolFields, which carries the title as its own field.
    expect(toolFields(dataset.tools[0]!).title).toBe('Open a GitHub issue');

    await writeFile(
      join(dir, 'tools.jsonl'),
      `${JSON.stringify({ ...tools[0], title: 7 })}\n${JSON.stringify(tools[1])}\n`,
    );
    await expect(loadDataset(dir)).rejects.toThrow(
      /tools\.jsonl:1: tool "github__create_issue": "title" must be a non-empty string/,
    );
  });

  it('names queries.jsonl when only it is missing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shortlist-eval-'));
    await writeFile(
      join(dir, 'tools.jsonl'),
      '{"id": "a", "name": "a", "description": "A", "parameters": {}}\n',
    );
    await expect(loadDataset(dir)).rejects.toThrow(/cannot read .*queries\.jsonl \(ENOENT\)/);
  });

  it('reports every problem with its file and line in one error', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shortlist-eval-'));
    await writeFile(
      join(dir, 'tools.jsonl'),
      [
        '{"id": "a", "name": "a", "description": "A", "parameters": {}}',
        '{"id": "b", "name": "b", "description": "B"',
        '{"id": "a", "name": "a", "description": "again", "parameters": {}}',
        '{"id": "c", "description": "C", "parameters": []}',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'queries.jsonl'),
      [
        '{"id": "q1", "query": "x", "relevant": ["a"]}',
        '{"id": "q1", "query": "y", "relevant": ["a"]}',
        '{"id": "q2", "query": "z", "relevant": ["a", "ghost"]}',
        '{"id": "q3", "query": "w", "relevant": []}',
        'not json',
      ].join('\n'),
    );
    const error = await loadDataset(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect(CorruptDataError.isInstance(error)).toBe(true);
    const problems = (error as DatasetError).problems;
    const name = dir.split('/').pop();
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual([
      `${name}/tools.jsonl:2`,
      `${name}/tools.jsonl:3`,
      `${name}/tools.jsonl:4`,
      `${name}/queries.jsonl:5`,
      `${name}/queries.jsonl:2`,
      `${name}/queries.jsonl:3`,
      `${name}/queries.jsonl:4`,
    ]);
    const message = (error as Error).message;
    expect(message).toContain('has 7 problems');
    expect(message).toContain(`${name}/tools.jsonl:3: duplicate tool id "a" (first on line 1)`);
    expect(message).toContain(`${name}/queries.jsonl:2: duplicate query id "q1" (first on line 1)`);
    expect(message).toContain(
      `${name}/queries.jsonl:3: query "q2": relevant "ghost" not in tools.jsonl`,
    );
    expect(message).toContain('"parameters" must be a JSON Schema object');
    expect(message).toContain('malformed JSON');
  });
});
