import type { Tool } from '@shortlist/core';
import { ndcgAt, throwIfAborted } from '@shortlist/core/kit';
import type { AbstentionRequest } from './abstention-requests.js';
import { isSibling } from './abstention-requests.js';
import { type BootstrapOptions, bootstrapInterval, type Interval } from './bootstrap.js';
import { type Calibration, calibration } from './calibration.js';

/** What the abstention benchmark needs of a picker: select, and taking tools out and back. */
export interface AbstainingPicker {
  select(
    query: string,
    options: { limit: number; abstain?: 'never' },
  ): Promise<{
    readonly picks: readonly { readonly name: string }[];
    readonly abstained?: string;
    readonly confidence?: { readonly first: number; readonly top5: number };
  }>;
  remove(names: readonly string[]): Promise<void>;
  add(tools: readonly Tool[]): Promise<void>;
}

/** One request's outcome. */
export interface AbstentionOutcome {
  readonly request: AbstentionRequest;
  /** Whether the default select offered nothing, and why (`no tool matched` when it gave none). */
  readonly abstained?: string;
  /** The first-pick confidence the selection carried, when it carried one. */
  readonly confidence?: number;
  /** Own requests: nDCG@10 of the ranking with abstention turned off. */
  readonly ndcg: number;
  /** Own requests: the first pick (abstention off) is right. */
  readonly firstRight: boolean;
  /** Own requests: the first pick is a near-duplicate or namespace sibling of a right tool. */
  readonly wrongSibling: boolean;
}

/** The benchmark's figures for one catalogue, each a share with a 95% bootstrap interval. */
export interface AbstentionReport {
  readonly catalogue: string;
  readonly counts: Readonly<Record<'own' | 'foreign' | 'leaveOut' | 'leaveOutSibling', number>>;
  /** Own requests abstained on (the mistake to avoid). */
  readonly falseAbstention: Interval;
  /** Requests from other datasets abstained on. */
  readonly foreignAbstained: Interval;
  /** Leave-out requests with no near-duplicate left, abstained on. */
  readonly leaveOutAbstained: Interval;
  /** Leave-out requests that a near-duplicate could still serve, abstained on. */
  readonly leaveOutSiblingAbstained: Interval;
  /** nDCG@10 on own requests with abstention off, and with it (an abstained request scores 0). */
  readonly ndcg: Interval;
  readonly ndcgAbstaining: Interval;
  /** Own requests whose first pick is a wrong sibling. */
  readonly wrongSiblingFirst: Interval;
  /** Calibration of the first-pick confidence on the own requests whose selections carry one. */
  readonly calibration?: Calibration;
  readonly outcomes: readonly AbstentionOutcome[];
  /** Wall time of the whole run, ms. */
  readonly elapsedMs: number;
}

/** Options of `evaluateAbstention`. */
export interface EvaluateAbstentionOptions extends BootstrapOptions {
  /** Tools asked for per request. @default 10 */
  readonly limit?: number;
  readonly signal?: AbortSignal;
}

const share = (values: readonly boolean[], options: BootstrapOptions): Interval =>
  bootstrapInterval(Float64Array.from(values, Number), options);

/**
 * Asks `picker` (indexed on the catalogue's tools) every request: own and foreign as they are,
 * leave-out ones with their right tools removed first and added back after. Each request is
 * selected twice, as the pipeline would by default and with `abstain: 'never'`, so nDCG with and
 * without abstention come from the same ranking.
 */
export async function evaluateAbstention(
  picker: AbstainingPicker,
  catalogue: { readonly name: string; readonly tools: readonly Tool[] },
  requests: readonly AbstentionRequest[],
  options: EvaluateAbstentionOptions = {},
): Promise<AbstentionReport> {
  const { limit = 10, signal, ...bootstrap } = options;
  const byName = new Map(catalogue.tools.map((tool) => [tool.name, tool]));
  const started = performance.now();
  const outcomes: AbstentionOutcome[] = [];
  for (const request of requests) {
    throwIfAborted(signal);
    const removed =
      request.kind === 'leave-out'
        ? request.relevant.flatMap((name) => byName.get(name) ?? [])
        : [];
    if (removed.length) await picker.remove(removed.map((tool) => tool.name));
    try {
      const chosen = await picker.select(request.query, { limit });
      const ranked = await picker.select(request.query, { limit, abstain: 'never' });
      const names = ranked.picks.map((pick) => pick.name);
      const own = request.kind === 'own';
      const first = names[0];
      outcomes.push({
        request,
        ...(chosen.abstained !== undefined
          ? { abstained: chosen.abstained }
          : chosen.picks.length === 0
            ? { abstained: 'no tool matched' }
            : {}),
        ...(ranked.confidence === undefined ? {} : { confidence: ranked.confidence.first }),
        ndcg: own ? ndcgAt(names, new Set(request.relevant), 10) : 0,
        firstRight: own && first !== undefined && request.relevant.includes(first),
        wrongSibling: own && first !== undefined && isSibling(first, request.relevant),
      });
    } finally {
      if (removed.length) await picker.add(removed);
    }
  }
  const of = (test: (outcome: AbstentionOutcome) => boolean) => outcomes.filter(test);
  const own = of((o) => o.request.kind === 'own');
  const foreign = of((o) => o.request.kind === 'foreign');
  const leaveOut = of((o) => o.request.kind === 'leave-out' && !o.request.siblings?.length);
  const leaveOutSibling = of((o) => o.request.kind === 'leave-out' && !!o.request.siblings?.length);
  const abstained = (list: readonly AbstentionOutcome[]) =>
    share(
      list.map((o) => o.abstained !== undefined),
      bootstrap,
    );
  const withConfidence = own.filter((o) => o.confidence !== undefined);
  return {
    catalogue: catalogue.name,
    counts: {
      own: own.length,
      foreign: foreign.length,
      leaveOut: leaveOut.length,
      leaveOutSibling: leaveOutSibling.length,
    },
    falseAbstention: abstained(own),
    foreignAbstained: abstained(foreign),
    leaveOutAbstained: abstained(leaveOut),
    leaveOutSiblingAbstained: abstained(leaveOutSibling),
    ndcg: bootstrapInterval(
      Float64Array.from(own, (o) => o.ndcg),
      bootstrap,
    ),
    ndcgAbstaining: bootstrapInterval(
      Float64Array.from(own, (o) => (o.abstained === undefined ? o.ndcg : 0)),
      bootstrap,
    ),
    wrongSiblingFirst: share(
      own.map((o) => o.wrongSibling),
      bootstrap,
    ),
    // Requests no ranker found anything for have no first pick to be sure of, so no confidence.
    ...(withConfidence.length > 0
      ? {
          calibration: calibration(
            withConfidence.map((o) => o.confidence!),
            withConfidence.map((o) => o.firstRight),
          ),
        }
      : {}),
    outcomes,
    elapsedMs: performance.now() - started,
  };
}
