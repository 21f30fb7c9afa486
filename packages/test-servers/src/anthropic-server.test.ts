import { afterEach, expect, it } from 'vitest';
import { type AnthropicServer, startAnthropicServer } from './index.js';

let server: AnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
const send = (body: unknown) =>
  fetch(`${server!.baseURL}/v1/messages`, { method: 'POST', headers, body: JSON.stringify(body) });

it('refuses a call to a deferred tool that no tool_reference loaded', async () => {
  server = await startAnthropicServer(() => [{ type: 'text', text: 'ok' }]);
  const tools = [{ name: 'search' }, { name: 'hidden', defer_loading: true }];
  const messages = [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'hidden', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'x' }] },
  ];
  const refused = await send({ model: 'm', max_tokens: 10, tools, messages });
  expect(refused.status).toBe(400);
  expect(server.requests[0]!.error).toContain('deferred tool "hidden"');
  const answered = await send({
    model: 'm',
    max_tokens: 10,
    tools,
    messages: messages.slice(0, 1),
  });
  expect(await answered.json()).toMatchObject({ content: [{ type: 'text', text: 'ok' }] });
  expect(server.requests[1]).toMatchObject({ status: 200, loaded: ['search'] });
});
