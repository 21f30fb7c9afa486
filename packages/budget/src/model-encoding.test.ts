import { describe, expect, it } from 'vitest';
import { encodingForModel } from './model-encoding.js';

describe('encodingForModel', () => {
  it.each([
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-4o-2024-08-06',
    'chatgpt-4o-latest',
    'gpt-4.1',
    'gpt-4.1-nano-2025-04-14',
    'gpt-4.5-preview',
    'o1',
    'o1-mini',
    'o3-pro',
    'o4-mini-2025-04-16',
    'gpt-5',
    'gpt-5-mini',
    'gpt-5.1',
    'ft:gpt-4o-mini-2024-07-18:acme::abc123',
    'openai/gpt-4.1',
    'GPT-4o',
  ])('maps %s to o200k_base', (model) => {
    expect(encodingForModel(model)).toEqual({ encoding: 'o200k_base', known: true });
  });

  it.each([
    'gpt-4',
    'gpt-4-0613',
    'gpt-4-turbo',
    'gpt-4-32k',
    'gpt-3.5-turbo',
    'gpt-3.5-turbo-0125',
    'gpt-35-turbo',
    'text-embedding-3-small',
    'text-embedding-ada-002',
  ])('maps %s to cl100k_base', (model) => {
    expect(encodingForModel(model)).toEqual({ encoding: 'cl100k_base', known: true });
  });

  it.each(['claude-sonnet-4', 'llama-3.1-70b', 'gpt-4.2', 'o200k', 'davinci'])(
    'falls back to o200k_base for unknown %s',
    (model) => {
      expect(encodingForModel(model)).toEqual({ encoding: 'o200k_base', known: false });
    },
  );
});
