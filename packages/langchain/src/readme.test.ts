import { readFileSync } from 'node:fs';
import { lexical } from '@shortlist/lexical';
import { type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import { createAgent } from 'langchain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localModel } from './test-agent.js';
import { type Executed, sampleLangChainTools } from './test-catalogue.js';
import { argsFor } from './test-chat-helpers.js';

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const firstBlock = /```ts\n([\s\S]*?)```/.exec(readme)![1]!;

it("the README's first block is three lines or fewer and runs as written", async () => {
  const lines = firstBlock.trim().split('\n');
  expect(lines.length).toBeLessThanOrEqual(3);
  const imports = lines.filter((line) => line.startsWith('import '));
  const scope: Record<string, unknown> = { lexical, createAgent };
  for (const line of imports) {
    const [, names, from] = /^import \{ (.+) \} from '(.+)';$/.exec(line)!;
    expect(from).toBe('@shortlist/langchain');
    const module = (await import('./index.js')) as Record<string, unknown>;
    for (const name of names!.split(', ')) {
      expect(module[name], name).toBeTypeOf('function');
      scope[name] = module[name];
    }
  }
  const body = lines.filter((line) => !line.startsWith('import ')).join('\n');
  const executed: Executed[] = [];
  const tools = sampleLangChainTools(executed);
  const model = localModel(server);
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<{ invoke: (input: unknown) => Promise<unknown> }>;
  const run = new AsyncFunction(...Object.keys(scope), 'tools', 'model', `${body}\nreturn agent;`);
  const agent = await run(...Object.values(scope), tools, model);

  server.script((request, i) =>
    i === 0
      ? {
          toolCalls: [
            { name: 'shipping_track_package', args: argsFor(request, 'shipping_track_package') },
          ],
        }
      : { text: 'on its way' },
  );
  await agent.invoke({ messages: [{ role: 'user', content: 'where is my package? track it' }] });
  expect(server.requests[0]!.toolNames.length).toBeLessThanOrEqual(5);
  expect(executed.map((e) => e.name)).toEqual(['shipping_track_package']);
});
