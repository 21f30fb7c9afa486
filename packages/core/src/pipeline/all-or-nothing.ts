import { PluginError } from '../errors/plugin-error.js';
import type { LongCallOptions } from '../spec/call-options.js';
import type { RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import type { Tool } from '../tools/tool.js';
import { callPlugin } from './call-plugin.js';
import type { CatalogueView } from './catalogue-view.js';
import type { MutationLine } from './mutation-line.js';

/** A step one index takes in place, or `undefined` when it must be rebuilt instead. */
type Step = (() => Promise<void>) | undefined;

/**
 * Applies one change to every ranker, all or nothing: an incremental ranker runs `forward`, the
 * others are rebuilt from `next` and swapped in only when every ranker succeeded. On a failure
 * each ranker is put back (by `undo`, or rebuilt from the committed catalogue) and the error
 * rethrown, so the catalogue and every index still agree.
 */
export type ApplyEverywhere<Original> = (
  next: ReadonlyMap<string, Tool<Original>>,
  what: string,
  forward: (index: RankerIndexV1) => Step,
  undo: (index: RankerIndexV1, failed: boolean) => Step,
  options: LongCallOptions | undefined,
) => Promise<void>;

/**
 * The all-or-nothing change over `indexes` (one per ranker, swapped in place); an index that
 * cannot be put back after a failure marks `line` broken.
 */
export function allOrNothing<Original>(
  rankers: readonly RankerV1[],
  indexes: RankerIndexV1[],
  view: CatalogueView<Original>,
  line: MutationLine,
): ApplyEverywhere<Original> {
  /** A fresh index of `tools` for ranker `i`, not yet swapped in. */
  const buildIndex = (i: number, tools: readonly Tool[], options?: LongCallOptions) =>
    callPlugin(rankers[i]!.id, 'index', () => rankers[i]!.doIndex(tools, options));

  const swapIndex = (i: number, next: RankerIndexV1): void => {
    indexes[i]!.doDispose?.();
    indexes[i] = next;
  };

  return async (next, what, forward, undo, options) => {
    const staged: (RankerIndexV1 | undefined)[] = new Array(rankers.length);
    const inPlace: boolean[] = new Array(rankers.length).fill(false);
    const outcomes = await Promise.allSettled(
      rankers.map(async (ranker, i) => {
        const step = forward(indexes[i]!);
        if (step) {
          inPlace[i] = true;
          await callPlugin(ranker.id, what, step);
        } else {
          staged[i] = await buildIndex(i, [...next.values()], options);
        }
      }),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (!failure) {
      staged.forEach((index, i) => {
        if (index) swapIndex(i, index);
      });
      return;
    }
    for (const index of staged) index?.doDispose?.();
    const committed = [...view.current.values()];
    await Promise.all(
      rankers.map(async (ranker, i) => {
        if (!inPlace[i]) return;
        const failed = outcomes[i]!.status === 'rejected';
        const step = undo(indexes[i]!, failed);
        try {
          if (step) await callPlugin(ranker.id, `undo ${what}`, step);
          else swapIndex(i, await buildIndex(i, committed));
        } catch (error) {
          try {
            swapIndex(i, await buildIndex(i, committed));
          } catch {
            line.broken = new PluginError({
              pluginId: ranker.id,
              message: `${ranker.id} failed to ${what} and could not be put back (${
                error instanceof Error ? error.message : String(error)
              }); its index no longer matches the catalogue, index the tools again with pipe().index()`,
              cause: error,
            });
          }
        }
      }),
    );
    throw (failure as PromiseRejectedResult).reason;
  };
}
