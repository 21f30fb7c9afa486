import { afterEach, expect, it, vi } from 'vitest';
import { nextTurn } from './next-turn.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Resolves with what ran first: the turn, or a timer queued before it. */
async function raceWithTimer(): Promise<string[]> {
  const order: string[] = [];
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      order.push('timer');
      resolve();
    }, 0),
  );
  await nextTurn();
  order.push('turn');
  await timer;
  return order;
}

it('yields a turn with setImmediate (Node)', async () => {
  let resolved = false;
  const turn = nextTurn().then(() => {
    resolved = true;
  });
  await Promise.resolve();
  expect(resolved).toBe(false); // not a microtask: the event loop turns first
  await turn;
  expect(resolved).toBe(true);
});

it('yields through MessageChannel where setImmediate is missing (browsers)', async () => {
  vi.stubGlobal('setImmediate', undefined);
  await expect(nextTurn()).resolves.toBeUndefined();
});

it('falls back to setTimeout where neither exists (Edge Runtime)', async () => {
  vi.stubGlobal('setImmediate', undefined);
  vi.stubGlobal('MessageChannel', undefined);
  expect(await raceWithTimer()).toEqual(['timer', 'turn']);
});
