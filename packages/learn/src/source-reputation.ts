/** How steeply a source's standing follows its record (z-score of confirmations minus refutations). */
const STEEPNESS = 1.5;
/** Selects remembered for judging, most recent kept: feedback arrives soon after its select. */
const REMEMBERED = 1000;
/** Sources whose record is kept; past it the least recently judged go (they start again at ½). */
const SOURCES = 100_000;

/**
 * How far each source's examples may move other sources' picks, earned only from other sources'
 * feedback: when a select another source asked is judged, every other source whose examples
 * voted for a tool the feedback called helpful is confirmed, and every one that voted for a tool
 * it called unhelpful, or for learning's pick when feedback named another, is refuted. A source
 * confirming its own examples earns nothing, so repeating them buys no say (README, Security).
 */
export interface SourceReputation {
  /** 0–1: the weight of this source's votes in another source's select; ½ with no record. */
  standing(source: number): number;
  /** Remembers which other sources voted for which tools in the asker's select. */
  remember(
    key: string,
    learned: string | undefined,
    voters: ReadonlyMap<string, readonly number[]>,
  ): void;
  /** Judges the remembered select by its feedback; `judge` is the feedback's own source. */
  judge(
    key: string,
    helpful: ReadonlySet<string>,
    unhelpful: ReadonlySet<string>,
    judge: number | undefined,
  ): void;
}

export function createSourceReputation(): SourceReputation {
  const records = new Map<number, { up: number; down: number }>();
  const recent = new Map<
    string,
    { learned: string | undefined; voters: ReadonlyMap<string, readonly number[]> }
  >();
  const record = (source: number) => {
    let kept = records.get(source);
    if (kept) records.delete(source);
    else {
      kept = { up: 0, down: 0 };
      if (records.size >= SOURCES) records.delete(records.keys().next().value!);
    }
    records.set(source, kept);
    return kept;
  };
  return {
    standing(source) {
      const kept = records.get(source);
      if (!kept) return 0.5;
      const z = (kept.up - kept.down) / Math.sqrt(kept.up + kept.down + 1);
      return 1 / (1 + Math.exp(-STEEPNESS * z));
    },
    remember(key, learned, voters) {
      recent.delete(key);
      if (voters.size === 0) return;
      recent.set(key, { learned, voters });
      if (recent.size > REMEMBERED) recent.delete(recent.keys().next().value!);
    },
    judge(key, helpful, unhelpful, judge) {
      const seen = recent.get(key);
      if (!seen) return;
      recent.delete(key);
      if (helpful.size === 0 && unhelpful.size === 0) return;
      for (const [tool, sources] of seen.voters) {
        const confirmed = helpful.has(tool);
        const refuted =
          unhelpful.has(tool) || (tool === seen.learned && helpful.size > 0 && !confirmed);
        if (!confirmed && !refuted) continue;
        for (const source of new Set(sources)) {
          if (source === judge) continue;
          const kept = record(source);
          if (confirmed) kept.up++;
          else kept.down++;
        }
      }
    },
  };
}
