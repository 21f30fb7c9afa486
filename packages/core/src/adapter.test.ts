import { expect, it } from 'vitest';
import { exportedNames } from './test-export-names.js';

// The public surface is a decision: this list changes only on purpose.
it('@shortlist/core/adapter exports exactly the adapter kit', async () => {
  const names = exportedNames(new URL('./adapter.ts', import.meta.url));
  const runtime = names.filter((entry) => entry.kind === 'runtime').map((entry) => entry.name);
  expect(Object.keys(await import('./adapter.js')).sort()).toEqual(runtime);
  expect(names.map((entry) => entry.name)).toMatchInlineSnapshot(`
    [
      "AdapterLearningOptions",
      "ConversationQueryOptions",
      "ConversationTurn",
      "MAX_NEEDS",
      "NativeToolFields",
      "NativeToolReader",
      "NeedPick",
      "NeedsSearchOptions",
      "NeedsSelection",
      "Offer",
      "OfferOptions",
      "SearchOptions",
      "ToolSession",
      "ToolSessionOptions",
      "checkNeeds",
      "conversationQuery",
      "defaultExamples",
      "isCanonicalTool",
      "lastUserRequest",
      "mergeNeeds",
      "needsSchema",
      "noToolFits",
      "readNativeTools",
      "searchNeeds",
      "toolSession",
      "trimText",
    ]
  `);
});
