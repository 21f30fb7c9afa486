import { InvalidArgumentError, toTools } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { definitionText, toolDefinition } from './tool-definition.js';

const parameters = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
};
const [weather] = toTools([
  { name: 'get_weather', title: 'Weather', description: 'Current weather.', parameters },
]);
const tool = weather!;

describe('toolDefinition', () => {
  it('builds the OpenAI Chat Completions function tool', () => {
    expect(toolDefinition(tool, 'openai-chat')).toEqual({
      type: 'function',
      function: { name: 'get_weather', description: 'Current weather.', parameters },
    });
  });

  it('builds the OpenAI Responses function tool', () => {
    expect(toolDefinition(tool, 'openai-responses')).toEqual({
      type: 'function',
      name: 'get_weather',
      description: 'Current weather.',
      parameters,
    });
  });

  it('builds the Anthropic tool', () => {
    expect(toolDefinition(tool, 'anthropic')).toEqual({
      name: 'get_weather',
      description: 'Current weather.',
      input_schema: parameters,
    });
  });

  it('builds the MCP tool, with a title only when the tool has one', () => {
    expect(toolDefinition(tool, 'mcp')).toEqual({
      name: 'get_weather',
      title: 'Weather',
      description: 'Current weather.',
      inputSchema: parameters,
    });
    const [untitled] = toTools([{ name: 'x', description: 'd', parameters }]);
    expect(Object.keys(toolDefinition(untitled!, 'mcp'))).toEqual([
      'name',
      'description',
      'inputSchema',
    ]);
  });

  it('serialises with JSON.stringify in the documented key order', () => {
    expect(definitionText(tool, 'anthropic')).toBe(
      `{"name":"get_weather","description":"Current weather.","input_schema":${JSON.stringify(parameters)}}`,
    );
  });

  it('uses what a format function returns: a string as is, an object serialised', () => {
    expect(definitionText(tool, (t) => `tool ${t.name}`)).toBe('tool get_weather');
    expect(definitionText(tool, (t) => ({ n: t.name }))).toBe('{"n":"get_weather"}');
  });

  it('rejects a format function that returns neither', () => {
    const bad = (() => undefined) as unknown as () => string;
    expect(() => definitionText(tool, bad)).toThrow(
      /must return the definition as a string or an object/,
    );
    try {
      definitionText(tool, bad);
    } catch (error) {
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
    }
  });
});
