import { describe, expect, it } from 'vitest';
import { createTrustLedger } from './trust-ledger.js';

const judgeMany = (
  ledger: ReturnType<typeof createTrustLedger>,
  learnedWins: boolean,
  n: number,
) => {
  for (let i = 0; i < n; i++) {
    ledger.remember(`request ${i}`, 'base_tool', 'learned_tool');
    ledger.judge(`request ${i}`, new Set([learnedWins ? 'learned_tool' : 'base_tool']), new Set());
  }
};

describe('createTrustLedger()', () => {
  it('starts at one half, rises as learning wins disagreements and falls as it loses them', () => {
    const winning = createTrustLedger();
    expect(winning.trust()).toBe(0.5);
    judgeMany(winning, true, 30);
    expect(winning.trust()).toBeGreaterThan(0.99);
    const losing = createTrustLedger();
    judgeMany(losing, false, 30);
    expect(losing.trust()).toBeLessThan(0.01);
  });

  it('learns nothing from agreeing selects, unknown requests, or feedback naming neither pick', () => {
    const ledger = createTrustLedger();
    ledger.remember('same', 'a', 'a');
    ledger.judge('same', new Set(['a']), new Set());
    ledger.judge('never selected', new Set(['a']), new Set());
    ledger.remember('other', 'a', 'b');
    ledger.judge('other', new Set(['c']), new Set());
    expect(ledger.trust()).toBe(0.5);
  });

  it('counts an unhelpful base pick as a win for learning, and judges a select once', () => {
    const ledger = createTrustLedger();
    ledger.remember('q', 'base_tool', 'learned_tool');
    ledger.judge('q', new Set(), new Set(['base_tool']));
    const once = ledger.trust();
    expect(once).toBeGreaterThan(0.5);
    ledger.judge('q', new Set(['learned_tool']), new Set());
    expect(ledger.trust()).toBe(once);
  });

  it('follows a change: old evidence decays, so losses after many wins bring trust down', () => {
    const ledger = createTrustLedger();
    judgeMany(ledger, true, 200);
    judgeMany(ledger, false, 400);
    expect(ledger.trust()).toBeLessThan(0.5);
  });
});
