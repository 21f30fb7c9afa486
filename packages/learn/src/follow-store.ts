import type { ExampleStore } from '@shortlist/core';
import type { CallOptions, ExampleChange } from '@shortlist/core/kit';
import type { ExampleMemory } from './example-memory.js';

/** A store a learner can read and follow. */
export type FollowedStore = Required<
  Pick<ExampleStore, 'addExamples' | 'readExamples' | 'subscribe'>
> &
  ExampleStore;

/**
 * Fills `memory` from the store and keeps it in step with every later change, this process's
 * and other processes'; changes heard while the store is read are replayed after it, in order.
 * Resolves to the function that stops following.
 */
export async function followStore(
  store: FollowedStore,
  memory: ExampleMemory,
  options: CallOptions | undefined,
): Promise<() => void> {
  let pending: ExampleChange[] | undefined = [];
  const reload = async (): Promise<void> => {
    const all = await store.readExamples();
    memory.forget({ all: true });
    memory.add(all);
  };
  const apply = (change: ExampleChange): void => {
    if (change.type === 'added') memory.add(change.examples);
    else if (change.type === 'dropped') memory.drop(change.examples);
    else if (change.type === 'forgot') memory.forget(change.selector);
    else reload().catch(() => undefined); // a failed re-read keeps what was known
  };
  const unsubscribe = store.subscribe((change) => {
    if (pending) pending.push(change);
    else apply(change);
  });
  try {
    memory.add(await store.readExamples(options));
  } catch (error) {
    unsubscribe();
    throw error;
  }
  const replay = pending;
  pending = undefined;
  for (const change of replay) if (change.type !== 'added') apply(change);
  // Added examples heard during the read are in what was read, or come after it.
  for (const change of replay) if (change.type === 'added') memory.add(change.examples);
  return unsubscribe;
}
