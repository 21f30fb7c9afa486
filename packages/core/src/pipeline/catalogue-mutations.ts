import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { PackerV1 } from '../spec/packer-v1.js';
import type { RankerIndexV1 } from '../spec/ranker-v1.js';
import { toTools } from '../tools/to-tools.js';
import type { Tool } from '../tools/tool.js';
import { throwIfAborted } from '../util/abort.js';
import type { ApplyEverywhere } from './all-or-nothing.js';
import { callPlugin } from './call-plugin.js';
import type { CatalogueView } from './catalogue-view.js';
import type { LearnerStage } from './learner-stage.js';
import type { MutationLine } from './mutation-line.js';
import type { Picker } from './picker.js';

/**
 * The picker's `add` and `remove`: checked, run one at a time on `line`, applied to every ranker
 * (and the packer) all or nothing, and committed to the view only once everything took them.
 */
export function catalogueMutations<Original>(
  indexes: readonly RankerIndexV1[],
  packer: PackerV1 | undefined,
  view: CatalogueView<Original>,
  line: MutationLine,
  applyEverywhere: ApplyEverywhere<Original>,
  learner?: LearnerStage,
): Pick<Picker<Original>, 'add' | 'remove'> {
  return {
    add(input, options) {
      return line.run(async () => {
        throwIfAborted(options?.signal);
        const added = toTools(input) as Tool<Original>[];
        for (const tool of added) {
          if (view.current.has(tool.name)) {
            throw new InvalidArgumentError({
              argument: 'add(tools)',
              expected: 'tools whose names are not in the catalogue yet',
              message: `add(): a tool named "${tool.name}" is already in the catalogue; remove it first to replace it`,
            });
          }
        }
        if (added.length === 0) return;
        const addAll = (map: Map<string, Tool<Original>>) => {
          for (const tool of added) map.set(tool.name, tool);
        };
        const next = view.staged(
          indexes.every((index) => index.doAdd),
          addAll,
        );
        const names = added.map((tool) => tool.name);
        const removeAdded = (index: RankerIndexV1) =>
          index.doRemove ? () => index.doRemove!(names) : undefined;
        await applyEverywhere(
          next,
          'add tools',
          (index) => (index.doAdd ? () => index.doAdd!(added, options) : undefined),
          removeAdded,
          options,
        );
        try {
          if (packer?.doPrepare)
            await callPlugin(packer.id, 'prepare', () => packer.doPrepare!(added, options));
          if (learner?.index.doAdd)
            await callPlugin(learner.id, 'add tools', () => learner.index.doAdd!(added, options));
        } catch (error) {
          // Take the tools back out of every ranker so the retry is not refused as a duplicate.
          await applyEverywhere(
            view.current,
            'remove tools',
            removeAdded,
            () => undefined,
            undefined,
          );
          throw error;
        }
        view.commit(addAll);
      });
    },

    remove(names, options) {
      return line.run(async () => {
        throwIfAborted(options?.signal);
        if (!Array.isArray(names)) {
          throw new InvalidArgumentError({
            argument: 'remove(names)',
            expected: 'an array of tool names',
            message: 'remove(names) takes an array of tool names',
          });
        }
        const committed = view.current;
        const present = [...new Set(names.filter((name) => committed.has(name)))];
        if (present.length === 0) return;
        const removed = present.map((name) => committed.get(name)!);
        const removeAll = (map: Map<string, Tool<Original>>) => {
          for (const name of present) map.delete(name);
        };
        const next = view.staged(
          indexes.every((index) => index.doRemove),
          removeAll,
        );
        await applyEverywhere(
          next,
          'remove tools',
          (index) => (index.doRemove ? () => index.doRemove!(present, options) : undefined),
          // A ranker that failed part-way is rebuilt; one that removed them all takes them back.
          (index, failed) => (!failed && index.doAdd ? () => index.doAdd!(removed) : undefined),
          options,
        );
        view.commit(removeAll);
        // The learner only drops what it knew of them: its picks are kept within the catalogue.
        if (learner?.index.doRemove)
          await callPlugin(learner.id, 'remove tools', () =>
            learner.index.doRemove!(present, options),
          );
      });
    },
  };
}
