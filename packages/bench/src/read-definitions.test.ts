import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { readDefinitions } from './read-definitions.js';

const line = (name: string) => JSON.stringify({ id: name, name, description: `Does ${name}.` });

describe('readDefinitions', () => {
  it('reads a tools.jsonl file, keeping repeated names (each line is its own tool)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'defs-'));
    const file = join(dir, 'tools.jsonl');
    await writeFile(file, `${line('solve')}\n\n${line('solve')}\n${line('plot')}\n`);
    const set = await readDefinitions(file);
    expect(set.source).toBe(file);
    expect(set.tools.map((tool) => tool.name)).toEqual(['solve', 'solve', 'plot']);
    expect(set.tools[2]!.description).toBe('Does plot.');
  });

  it('reads every benchmark folder of a folder, in name order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'defs-'));
    for (const [folder, name] of [
      ['zeta', 'z_tool'],
      ['alpha', 'a_tool'],
    ]) {
      await mkdir(join(dir, folder!));
      await writeFile(join(dir, folder!, 'tools.jsonl'), `${line(name!)}\n`);
    }
    await mkdir(join(dir, 'empty'));
    const set = await readDefinitions(dir);
    expect(set.tools.map((tool) => tool.name)).toEqual(['a_tool', 'z_tool']);
  });

  it('says which file and line is wrong, or that nothing was found', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'defs-'));
    const file = join(dir, 'tools.jsonl');
    await writeFile(file, `${line('ok')}\n{"name": "cut`);
    await expect(readDefinitions(file)).rejects.toThrow(`${file} line 2 is not JSON`);
    await writeFile(file, `${line('ok')}\n42\n`);
    await expect(readDefinitions(file)).rejects.toThrow(`${file} line 2:`);
    await expect(readDefinitions(join(dir, 'missing'))).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
    const empty = await mkdtemp(join(tmpdir(), 'defs-'));
    await expect(readDefinitions(empty)).rejects.toThrow(/no tools\.jsonl/);
    await writeFile(join(empty, 'tools.jsonl'), '\n');
    await expect(readDefinitions(empty)).rejects.toThrow(/no definitions/);
  });
});
