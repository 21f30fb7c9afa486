import { MAX_EXAMPLE_QUERY_LENGTH } from '@shortlist/core/kit';

/** Selects remembered for judging, most recent kept: feedback arrives soon after its select. */
const REMEMBERED = 1000;
/** Each judged request weighs this much less than the next, so trust follows a changing agent. */
const DECAY = 0.998;
/** How steeply trust follows the evidence (z-score of wins minus losses). */
const STEEPNESS = 1.5;

interface Disagreement {
  /** Top pick without learning. */
  readonly base: string | undefined;
  /** Top pick with learning at full strength. */
  readonly learned: string | undefined;
}

/**
 * How far learning has earned the right to change picks on this agent's own traffic: of the
 * selects where full-strength learning would have put another tool first than the base ranking,
 * which one the feedback then named. Trust is a logistic of the decayed wins minus losses over
 * their spread: ½ with no evidence, near 1 once learning keeps winning, near 0 once it keeps losing.
 */
export interface TrustLedger {
  /** 0–1: the share of its evidence learning is allowed to use now. */
  trust(): number;
  /** Remembers what a select would have put first with and without learning. */
  remember(query: string, base: string | undefined, learned: string | undefined): void;
  /** Judges a remembered select by the tools feedback says served it (or did not). */
  judge(query: string, helpful: ReadonlySet<string>, unhelpful: ReadonlySet<string>): void;
}

/** Feedback carries a request cut to what an example holds; the select saw it whole. */
const keyOf = (query: string): string => query.slice(0, MAX_EXAMPLE_QUERY_LENGTH);

export function createTrustLedger(): TrustLedger {
  const recent = new Map<string, Disagreement>();
  let wins = 0;
  let losses = 0;
  return {
    trust() {
      const z = (wins - losses) / Math.sqrt(wins + losses + 1);
      return 1 / (1 + Math.exp(-STEEPNESS * z));
    },
    remember(query, base, learned) {
      const key = keyOf(query);
      recent.delete(key);
      if (base === learned) return; // agreeing selects say nothing about who is right
      recent.set(key, { base, learned });
      if (recent.size > REMEMBERED) recent.delete(recent.keys().next().value!);
    },
    judge(query, helpful, unhelpful) {
      const key = keyOf(query);
      const seen = recent.get(key);
      if (!seen) return;
      recent.delete(key);
      const learnedRight =
        (seen.learned !== undefined && helpful.has(seen.learned)) ||
        (seen.base !== undefined && unhelpful.has(seen.base));
      const baseRight =
        (seen.base !== undefined && helpful.has(seen.base)) ||
        (seen.learned !== undefined && unhelpful.has(seen.learned));
      if (learnedRight === baseRight) return;
      wins *= DECAY;
      losses *= DECAY;
      if (learnedRight) wins++;
      else losses++;
    },
  };
}
