import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { abstentionRequests, abstentionSplit, isSibling } from './abstention-requests.js';
import type { Dataset } from './dataset.js';
import { loadDataset } from './load-dataset.js';

const tiny = fileURLToPath(new URL('./fixtures/tiny', import.meta.url));

describe('abstentionSplit', () => {
  it("keeps a dataset's own split and halves an unsplit one by id, the same on every call", () => {
    expect(abstentionSplit({ id: 'a', query: 'q', relevant: ['t'], split: 'train' })).toBe('train');
    expect(abstentionSplit({ id: 'a', query: 'q', relevant: ['t'], split: 'test' })).toBe('test');
    const ids = Array.from({ length: 2000 }, (_, i) => `query_${i}`);
    const splits = ids.map((id) => abstentionSplit({ id, query: 'q', relevant: ['t'] }));
    const train = splits.filter((split) => split === 'train').length;
    expect(train).toBeGreaterThan(900);
    expect(train).toBeLessThan(1100);
    expect(ids.map((id) => abstentionSplit({ id, query: 'q', relevant: ['t'] }))).toEqual(splits);
  });
});

describe('isSibling', () => {
  it('names variants and tools of the same dotted namespace, never a right tool', () => {
    expect(isSibling('get_weather~2', ['get_weather'])).toBe(true);
    expect(isSibling('math.hypot', ['math.factorial'])).toBe(true);
    expect(isSibling('get_weather', ['get_weather'])).toBe(false);
    expect(isSibling('send_email', ['get_weather'])).toBe(false);
  });
});

describe('abstentionRequests', () => {
  it("draws own, other sets' and leave-out requests of one split, marking siblings left", async () => {
    const catalogue = await loadDataset(tiny);
    const other: Dataset = {
      name: 'other',
      tools: [],
      queries: [
        { id: 'o1', query: 'integrate x squared', relevant: ['integral'], split: 'test' },
        { id: 'o2', query: 'derive x cubed', relevant: ['derivative'], split: 'train' },
      ],
    };
    const requests = abstentionRequests(catalogue, [other], 'test');
    const own = requests.filter((r) => r.kind === 'own');
    expect(own.map((r) => r.id).sort()).toEqual(['simple_0', 'simple_2']);
    expect(requests.filter((r) => r.kind === 'foreign')).toEqual([
      {
        id: 'other:o1',
        query: 'integrate x squared',
        kind: 'foreign',
        from: 'other',
        relevant: [],
      },
    ]);
    const leaveOut = requests.filter((r) => r.kind === 'leave-out');
    expect(leaveOut.map((r) => [r.id, r.siblings])).toEqual([
      ['leave-out:simple_0', ['get_weather~2']],
      ['leave-out:simple_2', []],
    ]);
  });
});
