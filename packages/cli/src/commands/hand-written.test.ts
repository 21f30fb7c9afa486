import { describe, expect, it } from 'vitest';
import { HAND_WRITTEN, keepHandWritten } from './hand-written.js';

const generated = [
  '# Benchmarks',
  '## Learning from use',
  'table v2',
  '## Abstention and confidence',
  'table v2',
].join('\n\n');

describe('keepHandWritten', () => {
  it('puts each hand-written part back at the end of the generated section it followed', () => {
    const previous = [
      '# Benchmarks',
      '## Learning from use',
      'table v1',
      HAND_WRITTEN,
      '## Learning through the MCP gateway',
      'gateway figures',
      '## Abstention and confidence',
      'table v1',
      HAND_WRITTEN,
      'How it was chosen (notes)',
      '- a note',
    ].join('\n\n');
    expect(keepHandWritten(generated, previous)).toBe(
      [
        '# Benchmarks',
        '## Learning from use',
        'table v2',
        `${HAND_WRITTEN}\n\n## Learning through the MCP gateway\n\ngateway figures`,
        '## Abstention and confidence',
        'table v2',
        `${HAND_WRITTEN}\n\nHow it was chosen (notes)\n\n- a note`,
      ].join('\n\n'),
    );
  });

  it('ends a part at its closing marker, and keeps a part whose section is gone at the end', () => {
    const previous = [
      '## Gone',
      `${HAND_WRITTEN}\nnote on a section no longer generated\n<!-- /hand-written -->`,
      'generated text after it',
    ].join('\n\n');
    const page = keepHandWritten(generated, previous);
    expect(page.startsWith(generated)).toBe(true);
    expect(page).toContain(
      `${HAND_WRITTEN}\nnote on a section no longer generated\n<!-- /hand-written -->`,
    );
    expect(page).not.toContain('generated text after it');
  });

  it('rewrites a page with no hand-written part, or no page, as generated', () => {
    expect(keepHandWritten(generated, undefined)).toBe(generated);
    expect(keepHandWritten(generated, '# Benchmarks\n\n## Learning from use\n\nold')).toBe(
      generated,
    );
  });
});
