import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh directory for this test file's examples files, removed after its tests. */
export function tempDir(): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'shortlist-examples-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  return (name) => join(dir, `${count++}-${name}`);
}
