import { describeExampleStore } from '@shortlist/conformance';
import type { ExampleStore } from '@shortlist/core';
import { fileExampleStore } from './file-example-store.js';
import type { FileExampleStore } from './file-example-store-options.js';
import { tempDir } from './test-temp-dir.js';

const file = tempDir();

describeExampleStore('fileExampleStore()', {
  create: (bounds) => fileExampleStore(file('examples.jsonl'), { ...bounds, pollMs: 20 }),
  close: (store: ExampleStore) => (store as FileExampleStore).close(),
  agesExamples: true,
  reopen: (store: ExampleStore) =>
    fileExampleStore((store as FileExampleStore).path, { pollMs: 20 }),
});
