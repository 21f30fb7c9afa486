import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolCatalogue } from './tool-catalogue.js';
import { gatewayToolName } from './tool-naming.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

describe('gateway tool names', () => {
  it('joins server and tool with a double underscore', () => {
    expect(gatewayToolName('github', 'create_issue', new Set())).toBe('github__create_issue');
  });

  it('is always a valid MCP tool name, per the SDK validator, for any server and tool name', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.string({ minLength: 1, maxLength: 200 }),
        (server, name) => {
          expect(validateToolName(gatewayToolName(server, name, new Set())).isValid).toBe(true);
        },
      ),
    );
  });

  it('never gives two tools the same name, even when they sanitise alike', () => {
    const catalogue = new ToolCatalogue();
    catalogue.update('a.b', [tool('x y'), tool('x_y'), tool('x/y')]);
    catalogue.update('a_b', [tool('x y')]);
    catalogue.update('long', [tool('t'.repeat(300)), tool(`${'t'.repeat(300)}!`)]);
    const names = catalogue.all().map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(validateToolName(name).isValid).toBe(true);
    expect(names).toContain('a.b__x_y');
  });

  it('keeps a name across relistings and reports only what changed', () => {
    const catalogue = new ToolCatalogue();
    catalogue.update('s', [tool('a'), tool('b')]);
    const change = catalogue.update('s', [tool('b'), { ...tool('c'), description: 'new' }]);
    expect(change.removed).toEqual(['s__a']);
    expect(change.added.map((entry) => entry.name)).toEqual(['s__c']);
    const edited = catalogue.update('s', [
      { ...tool('b'), description: 'edited' },
      { ...tool('c'), description: 'new' },
    ]);
    expect(edited.removed).toEqual(['s__b']);
    expect(edited.added.map((entry) => entry.name)).toEqual(['s__b']);
    expect(catalogue.get('s__b')?.upstream.name).toBe('b');
  });
});
