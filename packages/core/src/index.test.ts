import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { exportedNames } from './test-export-names.js';

const names = exportedNames(new URL('./index.ts', import.meta.url));

// The public surface is a decision: this list changes only on purpose.
it('exports exactly the public API', async () => {
  const runtime = names.filter((entry) => entry.kind === 'runtime').map((entry) => entry.name);
  expect(Object.keys(await import('./index.js')).sort()).toEqual(runtime);
  expect(names.map((entry) => entry.name)).toMatchInlineSnapshot(`
    [
      "ApiCallError",
      "CachedOptions",
      "CorruptDataError",
      "EmbedderV1",
      "EmbeddingStore",
      "ExampleSelector",
      "ExampleStore",
      "FusionV1",
      "InvalidArgumentError",
      "JsonSchema",
      "LearnerV1",
      "MemoryExampleStore",
      "MemoryExampleStoreOptions",
      "MemorySnapshotStoreOptions",
      "MemoryStoreOptions",
      "PackerV1",
      "Pick",
      "Picker",
      "Pipeline",
      "PluginError",
      "RankerV1",
      "RankingsOptions",
      "RestoreOptions",
      "SelectOptions",
      "Selection",
      "SemanticOptions",
      "ShortlistError",
      "ShortlistErrorCode",
      "SnapshotStore",
      "SpecVersion",
      "Tool",
      "ToolExample",
      "ToolFormat",
      "ToolInput",
      "ToolScope",
      "UnsupportedSpecVersionError",
      "cached",
      "memoryExampleStore",
      "memorySnapshotStore",
      "memoryStore",
      "pipe",
      "semantic",
      "supportedSpecVersions",
      "toCatalogue",
      "toTools",
    ]
  `);
});

// One audience per entry point: building blocks go to `/kit` and `/adapter`, so this stays small.
it('keeps the main entry to at most 45 names, runtime and type', () => {
  expect(names.length).toBeLessThanOrEqual(45);
});

it('documents every name of the main entry in the README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const undocumented = names.filter(({ name }) => !new RegExp(`\\b${name}\\b`).test(readme));
  expect(undocumented.map((entry) => entry.name)).toEqual([]);
});
