import { expect, it } from 'vitest';

it('exports exactly the public surface', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'chatConversation',
    'openaiToolSearch',
    'openaiTools',
    'responsesConversation',
  ]);
});

it('exports exactly the Agents SDK surface from @shortlist/openai/agents', async () => {
  expect(Object.keys(await import('./agents.js')).sort()).toEqual(['shortlistToolSearchTool']);
});
