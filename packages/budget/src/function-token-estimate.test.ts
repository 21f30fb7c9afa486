import { toTools } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { estimateFunctionTokens, estimateRequestOverhead } from './function-token-estimate.js';
import { gptTokenizer } from './gpt-tokenizer.js';
import type { TokenCounter } from './token-counter.js';

// The example of OpenAI's cookbook, whose prompt the API billed at 101 tokens on gpt-4o and
// gpt-4o-mini and 105 on gpt-3.5-turbo and gpt-4 (system + user message + this one tool).
const [weather] = toTools([
  {
    type: 'function',
    function: {
      name: 'get_current_weather',
      description: 'Get the current weather in a given location',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
          unit: {
            type: 'string',
            description: 'The unit of temperature to return',
            enum: ['celsius', 'fahrenheit'],
          },
        },
        required: ['location'],
      },
    },
  },
]);
const messages = [
  {
    role: 'system',
    content: 'You are a helpful assistant that can answer to questions about the weather.',
  },
  { role: 'user', content: "What's the weather like in San Francisco?" },
];

/** Chat framing of the cookbook: 3 tokens a message, its role and content, 3 to prime the reply. */
const messageTokens = (counter: TokenCounter): number =>
  messages.reduce((sum, m) => sum + 3 + counter.count(m.role) + counter.count(m.content), 3);

describe('estimateFunctionTokens', () => {
  it.each([
    ['o200k_base', 101],
    ['cl100k_base', 105],
  ] as const)(
    'reproduces the prompt tokens the API billed with %s (%i)',
    async (encoding, billed) => {
      const counter = await gptTokenizer({ encoding });
      const total =
        messageTokens(counter) +
        estimateFunctionTokens(weather!, counter) +
        estimateRequestOverhead(encoding);
      expect(total).toBe(billed);
    },
  );

  it('counts only name and description for a tool without properties', async () => {
    const counter = await gptTokenizer();
    const [bare] = toTools([{ name: 'ping', description: 'Checks the service.', parameters: {} }]);
    expect(estimateFunctionTokens(bare!, counter)).toBe(
      7 + counter.count('ping:Checks the service'),
    );
  });
});
