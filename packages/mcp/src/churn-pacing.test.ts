import { describe, expect, it } from 'vitest';
import { Pause, reindexPauseMs, relistPauseMs } from './churn-pacing.js';

describe('churn pacing', () => {
  it('pauses by the size of the last batch, within its cap', () => {
    expect(relistPauseMs(10)).toBe(5);
    expect(relistPauseMs(2000)).toBe(1000);
    expect(relistPauseMs(1_000_000)).toBe(10_000);
    expect(reindexPauseMs(0)).toBe(0);
    expect(reindexPauseMs(4000)).toBe(4000);
    expect(reindexPauseMs(1_000_000)).toBe(20_000);
  });

  it('waits the time asked', async () => {
    const started = Date.now();
    await new Pause().wait(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('ends every pause under way, and any later one, when stopped', async () => {
    const pause = new Pause();
    const started = Date.now();
    const waits = [pause.wait(10_000), pause.wait(20_000)];
    setTimeout(() => pause.stop(), 50);
    await Promise.all(waits);
    await pause.wait(10_000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
