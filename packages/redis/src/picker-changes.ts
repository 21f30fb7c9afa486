import type { Picker } from '@shortlist/core';
import type { Change } from './catalogue-publish.js';

/**
 * Applies shared changes to the local picker, one at a time so a check and the change it decides
 * stay together; each tool's definition is remembered, so a repeat is skipped and a new one replaces.
 */
export interface PickerChanges {
  /** Applies changes in order, one picker call each. */
  apply(changes: readonly Change[]): Promise<void>;
  /** Applies one change per name in two picker calls (removals, then additions); returns how many changed. */
  applyState(changes: readonly Change[]): Promise<number>;
  /** Settles once every change queued so far has run. */
  settled(): Promise<unknown>;
}

/** The changes of `picker`, starting from the tools it holds. */
export function pickerChanges(picker: Picker): PickerChanges {
  /** The definition each tool in the picker was added with, to tell a repeat from a change. */
  const known = new Map<string, string>();
  for (const tool of picker.tools()) known.set(tool.name, JSON.stringify(tool.original));
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    apply: (changes) =>
      serial(async () => {
        for (const change of changes) {
          const current = known.get(change.name);
          if (change.op === 'remove') {
            if (current === undefined) continue;
            await picker.remove([change.name]);
            known.delete(change.name);
            continue;
          }
          if (current === change.tool) continue;
          if (current !== undefined) {
            await picker.remove([change.name]);
            known.delete(change.name);
          }
          await picker.add([JSON.parse(change.tool)]);
          known.set(change.name, change.tool);
        }
      }),

    applyState: (changes) =>
      serial(async () => {
        const remove: string[] = [];
        const add: { name: string; tool: string }[] = [];
        for (const change of changes) {
          const current = known.get(change.name);
          // Present in the picker, whether it came through sync or not.
          const present = current !== undefined || picker.get(change.name) !== undefined;
          if (change.op === 'remove') {
            if (present) remove.push(change.name);
          } else if (current !== change.tool) {
            if (present) remove.push(change.name);
            add.push(change);
          }
        }
        if (remove.length > 0) {
          await picker.remove(remove);
          for (const name of remove) known.delete(name);
        }
        if (add.length > 0) {
          await picker.add(add.map((change) => JSON.parse(change.tool)));
          for (const change of add) known.set(change.name, change.tool);
        }
        return new Set([...remove, ...add.map((change) => change.name)]).size;
      }),

    settled: () => queue,
  };
}
