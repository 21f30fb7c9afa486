import { describe, expect, it } from 'vitest';
import { toTools } from '../tools/to-tools.js';
import { toolFields, toolText } from './tool-fields.js';

describe('toolFields', () => {
  const [tool] = toTools([
    {
      name: 'crm_update_deal',
      title: 'Update deal',
      description: 'Move a deal to another stage.',
      tags: ['crm', 'sales'],
      parameters: {
        type: 'object',
        properties: {
          dealId: { type: 'string', description: 'The deal to move' },
          stage: { type: 'string', enum: ['lead', 'won', 'lost'], title: 'Pipeline stage' },
          owner: {
            type: 'object',
            description: 'New owner',
            properties: { email: { type: 'string', description: 'Owner email' } },
          },
          notes: {
            type: 'array',
            items: { type: 'object', properties: { text: { type: 'string' } } },
          },
          priority: { anyOf: [{ const: 'high' }, { const: 'low' }] },
        },
      },
    },
  ]);

  it('extracts every searchable field, including nested parameters and enums', () => {
    expect(toolFields(tool!)).toEqual({
      name: 'crm_update_deal',
      title: 'Update deal',
      description: 'Move a deal to another stage.',
      parameterNames: 'dealId stage owner email notes text priority',
      parameterDescriptions: 'The deal to move Pipeline stage New owner Owner email',
      enumValues: 'lead won lost high low',
      tags: 'crm sales',
    });
  });

  it('joins non-empty fields into one text', () => {
    const [bare] = toTools([{ name: 'ping' }]);
    expect(toolText(bare!)).toBe('ping');
    expect(toolText(tool!).split('\n')).toHaveLength(7);
  });

  it('stops at a bounded depth on deeply nested or cyclic-looking schemas', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 50; i++) schema = { type: 'object', properties: { [`p${i}`]: schema } };
    const [deep] = toTools([{ name: 'deep', parameters: schema }]);
    expect(toolFields(deep!).parameterNames.split(' ').length).toBeLessThanOrEqual(6);
  });
});
