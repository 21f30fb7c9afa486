import { createTrustLedger, type TrustLedger } from './trust-ledger.js';

/** Askers whose own trust is remembered, most recent kept: one agent's users, or a fleet's busiest. */
const ASKERS = 256;

/**
 * The trust each asker's own feedback earned for learning on its own history: how far a request
 * like one it taught before moves its picks. Other sources' examples weigh by their standing
 * (`source-reputation.ts`), never by this.
 */
export interface TrustLedgers {
  /** 0–1: how far the asker's own examples may move its picks; ½ with no record. */
  own(asker: string | undefined): number;
  /** Remembers a select's first tool without learning and with it at full strength. */
  remember(
    asker: string | undefined,
    query: string,
    base: string | undefined,
    learned: string | undefined,
  ): void;
  /** Judges the asker's remembered select by its feedback. */
  judge(
    asker: string | undefined,
    query: string,
    helpful: ReadonlySet<string>,
    unhelpful: ReadonlySet<string>,
  ): void;
}

export function createTrustLedgers(): TrustLedgers {
  const askers = new Map<string | undefined, TrustLedger>();
  const ledgerOf = (asker: string | undefined): TrustLedger => {
    let ledger = askers.get(asker);
    if (ledger) {
      askers.delete(asker); // most recent last
    } else {
      ledger = createTrustLedger();
      if (askers.size >= ASKERS) askers.delete(askers.keys().next().value);
    }
    askers.set(asker, ledger);
    return ledger;
  };
  return {
    own: (asker) => askers.get(asker)?.trust() ?? 0.5,
    remember: (asker, query, base, learned) => ledgerOf(asker).remember(query, base, learned),
    judge: (asker, query, helpful, unhelpful) =>
      askers.get(asker)?.judge(query, helpful, unhelpful),
  };
}
