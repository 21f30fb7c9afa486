import { InvalidArgumentError, toTools } from '@shortlist/core';
import type { Change } from './catalogue-publish.js';
import type { CatalogueSync } from './catalogue-sync.js';
import type { PendingChanges } from './pending-changes.js';
import type { PickerChanges } from './picker-changes.js';

/**
 * The sync's `add` and `remove`: checked, applied to the picker here at once, then published to
 * every process (or kept until Redis can take them).
 */
export function localChanges(parts: {
  readonly changes: PickerChanges;
  readonly pending: PendingChanges;
  /** Throws when the sync was closed. */
  readonly checkOpen: () => void;
}): Pick<CatalogueSync, 'add' | 'remove'> {
  const { changes, pending, checkOpen } = parts;
  const change = async (local: Change[]): Promise<void> => {
    checkOpen();
    await changes.apply(local);
    await pending.send(local);
  };

  return {
    async add(tools) {
      const parsed = toTools(tools);
      return change(
        parsed.map((tool) => ({ op: 'add', name: tool.name, tool: JSON.stringify(tool.original) })),
      );
    },
    async remove(names) {
      if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
        throw new InvalidArgumentError({
          argument: 'remove(names)',
          expected: 'an array of tool names',
          message: 'syncCatalogue(...).remove(names) takes an array of tool names',
        });
      }
      return change(names.map((name) => ({ op: 'remove', name })));
    },
  };
}
