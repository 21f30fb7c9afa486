/**
 * What the ai-sdk README's fragment takes as the user's own: tools, a prompt and a model (the
 * SDK's mock, scripted to answer in text), so the fragment runs as written under ai 6 or ai 7.
 * The harness prints the tool names the first step sent to the model.
 */
export const aiSdkHarness = {
  before: `import { generateText, jsonSchema, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
const input = jsonSchema({ type: 'object', properties: { text: { type: 'string' } } });
const tools = Object.fromEntries(
  ['send_email: Send an email to a colleague', 'get_weather: Get the weather forecast for a city', 'create_issue: Open a GitHub issue', 'deploy_service: Deploy a service to production']
    .map((line) => line.split(': '))
    .map(([name, description]) => [name, tool({ description, inputSchema: input, execute: async () => 'done' })]),
);
const prompt = 'Email the team that the report is ready';
const model = new MockLanguageModelV3({
  doGenerate: async () => ({
    content: [{ type: 'text', text: 'Sent.' }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
    warnings: [],
  }),
});
`,
  after: `
console.log(JSON.stringify(model.doGenerateCalls[0].tools.map((offered) => offered.name)));
`,
};
