import { InvalidArgumentError, type PackerV1, type Tool } from '@shortlist/core';
import { type PackCandidate, type PackResult, throwIfAborted } from '@shortlist/core/kit';
import type { BudgetOptions } from './budget-options.js';
import type { CostedCandidate } from './costed-candidate.js';
import { loadCounter } from './load-counter.js';
import { nextTurn } from './next-turn.js';
import { packGreedy } from './pack-greedy.js';
import { packOptimal } from './pack-optimal.js';
import { resolveOptions } from './resolve-options.js';
import type { TokenCounter } from './token-counter.js';
import { createToolCosts, NeedsMeasuring, type ToolCosts } from './tool-costs.js';
import { definitionText } from './tool-definition.js';

/** Unknown model ids already warned about on the console, so a process warns once per id. */
const warnedOnConsole = new Set<string>();

/** Check `options.eager` measurement for an abort this often, in tools. */
const PREPARE_CHUNK = 256;

function checkLimit(limit: unknown): number {
  if (
    typeof limit !== 'number' ||
    !(limit >= 1) ||
    !(Number.isInteger(limit) || limit === Infinity)
  ) {
    throw new InvalidArgumentError({
      argument: 'doPack(options.limit)',
      expected: 'a positive integer',
      message: `budget: doPack(options.limit) must be a positive integer, got ${String(limit)}`,
    });
  }
  return limit;
}

/**
 * A packer that keeps the fused candidates whose definitions fit `maxTokens` tokens, counted with
 * the real tokenizer of the model: `pipe(bm25()).pack(budget(4000, { model: 'gpt-4o' }))`.
 * Each tool is measured once, when first packed, and cached; the tokenizer loads at index time (at
 * the first pack of a restored picker) and is disposed with the picker.
 */
export function budget(maxTokens: number, options?: BudgetOptions): PackerV1 {
  const resolved = resolveOptions(maxTokens, options);
  const { id, format, strategy, counting, eager } = resolved;
  if (resolved.warning) {
    if (options?.onWarning) options.onWarning(resolved.warning);
    else if (!warnedOnConsole.has(String(options?.model))) {
      warnedOnConsole.add(String(options?.model));
      console.warn(resolved.warning);
    }
  }

  let costs: ToolCosts | undefined;
  /** Cost of a candidate's tool once `costs` is loaded; made once, not per query. */
  let costOfCandidate: (candidate: PackCandidate) => number = () => Number.NaN;
  let counter: TokenCounter | undefined;
  let loading: Promise<ToolCosts> | undefined;
  let disposed = false;

  const assertUsable = (): void => {
    if (disposed) {
      throw new InvalidArgumentError({
        argument: `budget(${maxTokens})`,
        expected: 'a budget that has not been disposed',
        message: `budget(${maxTokens}) "${id}" was disposed (its tokenizer freed); create a new budget() for a new picker`,
      });
    }
  };

  const load = (): Promise<ToolCosts> => {
    loading ??= loadCounter(resolved.tokenizer, resolved.encoding).then((loaded) => {
      if (disposed) {
        loaded.dispose?.();
        assertUsable();
      }
      counter = loaded;
      const measured = createToolCosts(loaded, format, counting);
      costs = measured;
      costOfCandidate = (candidate) => measured.of(candidate.tool);
      return measured;
    });
    return loading;
  };

  const pack = (
    measured: ToolCosts,
    candidates: readonly PackCandidate[],
    limit: number,
    signal: AbortSignal | undefined,
  ): PackResult => {
    let ordered = candidates;
    for (let i = 1; i < candidates.length; i++) {
      if (candidates[i - 1]!.rank > candidates[i]!.rank) {
        ordered = [...candidates].sort((a, b) => a.rank - b.rank);
        break;
      }
    }
    if (strategy === 'greedy') {
      const atLeast = measured.atLeast;
      const floor = atLeast && { of: (candidate: PackCandidate) => atLeast(candidate.tool) };
      return packGreedy(ordered, resolved.maxTokens, limit, costOfCandidate, floor || undefined);
    }
    const costed: CostedCandidate[] = ordered.map(({ name, tool, rank }) => ({
      name,
      rank,
      tokens: measured.of(tool),
    }));
    return packOptimal(costed, resolved.maxTokens, limit, signal);
  };

  /**
   * Packs, first measuring in turns any large definition the packing reads (a sync pack throws
   * `NeedsMeasuring` for one), so a huge tool never blocks the event loop for long.
   */
  const packMeasuring = async (
    measured: ToolCosts,
    candidates: readonly PackCandidate[],
    limit: number,
    signal: AbortSignal | undefined,
    pending: NeedsMeasuring | undefined,
  ): Promise<PackResult> => {
    for (let need = pending; ; ) {
      if (need) await measured.measure(need.tool, signal);
      throwIfAborted(signal);
      try {
        return pack(measured, candidates, limit, signal);
      } catch (error) {
        if (!(error instanceof NeedsMeasuring)) throw error;
        need = error;
      }
    }
  };

  return {
    specificationVersion: 'v1',
    id,
    maxTokens: resolved.maxTokens,

    doPack(candidates, packOptions) {
      assertUsable();
      throwIfAborted(packOptions?.signal);
      const limit = checkLimit(packOptions?.limit);
      const signal = packOptions.signal;
      if (costs) {
        try {
          return pack(costs, candidates, limit, signal);
        } catch (error) {
          if (!(error instanceof NeedsMeasuring)) throw error;
          return packMeasuring(costs, candidates, limit, signal, error);
        }
      }
      return load().then((measured) => {
        throwIfAborted(signal);
        return packMeasuring(measured, candidates, limit, signal, undefined);
      });
    },

    async doPrepare(tools: readonly Tool[], prepareOptions) {
      assertUsable();
      // A restored catalogue was checked when it was indexed: the tokenizer loads, and each
      // definition is serialised and counted, when a pack first needs it.
      if (prepareOptions?.restoring && !eager) return;
      const measured = await load();
      const total = tools.length;
      for (let start = 0; start < total; start += PREPARE_CHUNK) {
        throwIfAborted(prepareOptions?.signal);
        const end = Math.min(total, start + PREPARE_CHUNK);
        for (let i = start; i < end; i++) {
          const tool = tools[i]!;
          if (!eager) {
            // A definition JSON cannot encode fails here, naming the tool, not on every query.
            definitionText(tool, format);
            continue;
          }
          try {
            measured.of(tool);
          } catch (error) {
            if (!(error instanceof NeedsMeasuring)) throw error;
            await measured.measure(tool, prepareOptions?.signal);
          }
        }
        if (eager) prepareOptions?.onProgress?.({ phase: 'count tokens', done: end, total });
        if (end < total) await nextTurn();
      }
    },

    doDispose() {
      if (disposed) return;
      disposed = true;
      costs = undefined;
      const given = resolved.tokenizer;
      if (counter) counter.dispose?.();
      else if (loading) {
        // Still loading: the load step sees `disposed` and frees the counter when it arrives.
      } else if (typeof given === 'object' && 'count' in given) given.dispose?.();
      else if (typeof given === 'object') {
        Promise.resolve(given).then(
          (pending) => pending?.dispose?.(),
          () => undefined,
        );
      }
      counter = undefined;
    },
  };
}
