import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkExamples, checkSelector } from '../learning/tool-example.js';
import type { RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import { throwIfAborted } from '../util/abort.js';
import { callPlugin } from './call-plugin.js';
import type { CatalogueView } from './catalogue-view.js';
import type { LearnerStage } from './learner-stage.js';
import type { MutationLine } from './mutation-line.js';
import type { Picker } from './picker.js';
import { checkOptions } from './select-options.js';

/**
 * The picker's `learns`, `learn` and `forget`: the one door to learning. Examples are checked
 * against the committed catalogue first, so a bad one teaches nothing, then go to the learner
 * (and to any ranker index that learns by itself, as a third-party one may).
 */
export function pickerLearning<Original>(
  rankers: readonly RankerV1[],
  indexes: readonly RankerIndexV1[],
  view: CatalogueView<Original>,
  line: MutationLine,
  learner: LearnerStage | undefined,
): Pick<Picker<Original>, 'learns' | 'learn' | 'forget'> {
  /** Positions of the indexes that learn; a typed error naming the fix when there are none. */
  const learningIndexes = (what: 'learn' | 'forget'): number[] => {
    const found: number[] = [];
    indexes.forEach((index, i) => {
      if (what === 'learn' ? index.doLearn : index.doForget) found.push(i);
    });
    if (found.length === 0 && !learner) {
      throw new InvalidArgumentError({
        argument: `${what}()`,
        expected: 'a pipeline that learns',
        message: `${what}(): this pipeline (${rankers.map((r) => r.id).join(', ')}) has no learner; use lexical({ examples: memoryExampleStore() }), or add .learn(learned({ store })) from @shortlist/learn to the pipe()`,
      });
    }
    return found;
  };

  return {
    get learns() {
      return learner !== undefined || indexes.some((index) => index.doLearn);
    },

    async learn(examples, options) {
      checkOptions(options, 'learn(options)');
      if (line.broken) throw line.broken;
      const learners = learningIndexes('learn');
      const checked = checkExamples(
        examples,
        'learn(examples)',
        (tool) => view.current.has(tool),
        Date.now(),
      );
      throwIfAborted(options?.signal);
      if (checked.length === 0) return;
      await Promise.all([
        ...(learner
          ? [
              callPlugin(
                learner.id,
                'learn',
                () => learner.index.doLearn(checked, options),
                options?.signal,
              ),
            ]
          : []),
        ...learners.map((i) =>
          callPlugin(
            rankers[i]!.id,
            'learn',
            () => indexes[i]!.doLearn!(checked, options),
            options?.signal,
          ),
        ),
      ]);
    },

    async forget(selector, options) {
      checkOptions(options, 'forget(options)');
      const learners = learningIndexes('forget');
      const checked = checkSelector(selector, 'forget(selector)');
      throwIfAborted(options?.signal);
      const dropped = await Promise.all([
        ...(learner
          ? [
              callPlugin(
                learner.id,
                'forget',
                () => learner.index.doForget(checked, options),
                options?.signal,
              ),
            ]
          : []),
        ...learners.map((i) =>
          callPlugin(
            rankers[i]!.id,
            'forget',
            () => indexes[i]!.doForget!(checked, options),
            options?.signal,
          ),
        ),
      ]);
      return Math.max(0, ...dropped);
    },
  };
}
