/**
 * Groups (sources, tools, ...) ranked by how many examples each holds, so the heaviest is found
 * in O(1). Ties go to the group that reached that count first, so every process applying the
 * same changes in the same order names the same group.
 */
export interface CountRanking {
  /** One more example for `group`. */
  increment(group: string): void;
  /** One fewer example for `group`; a group at 0 leaves the ranking. */
  decrement(group: string): void;
  /** The group holding the most, or undefined when none holds any. */
  top(): string | undefined;
  /** How many examples the top group holds (0 when empty). */
  topCount(): number;
}

export function createCountRanking(): CountRanking {
  return new Ranking();
}

/**
 * Most rankings hold one group (a source that names one tool, a tool taught by one source), so
 * that case keeps no maps: a flood of one-example sources must not cost a map pair each.
 */
class Ranking implements CountRanking {
  private only: string | undefined;
  private onlyCount = 0;
  private counts: Map<string, number> | undefined;
  /** Groups by count, each set in the order its groups reached that count. */
  private byCount: Map<number, Set<string>> | undefined;
  private most = 0;

  increment(group: string): void {
    if (this.counts === undefined) {
      if (this.only === undefined || this.only === group) {
        this.only = group;
        this.onlyCount++;
        return;
      }
      this.promote();
    }
    const count = this.counts!.get(group) ?? 0;
    this.move(group, count, count + 1);
  }

  decrement(group: string): void {
    if (this.counts === undefined) {
      if (this.only !== group) return;
      if (--this.onlyCount === 0) this.only = undefined;
      return;
    }
    const count = this.counts.get(group);
    if (count !== undefined) this.move(group, count, count - 1);
  }

  top(): string | undefined {
    if (this.counts === undefined) return this.only;
    return this.byCount!.get(this.settle())?.values().next().value;
  }

  topCount(): number {
    return this.counts === undefined ? this.onlyCount : this.settle();
  }

  private promote(): void {
    this.counts = new Map();
    this.byCount = new Map();
    this.most = 0;
    if (this.only !== undefined) this.move(this.only, 0, this.onlyCount);
    this.only = undefined;
    this.onlyCount = 0;
  }

  private move(group: string, from: number, to: number): void {
    const byCount = this.byCount!;
    const was = byCount.get(from);
    was?.delete(group);
    if (was?.size === 0) byCount.delete(from);
    if (to === 0) {
      this.counts!.delete(group);
      return;
    }
    this.counts!.set(group, to);
    const now = byCount.get(to);
    if (now) now.add(group);
    else byCount.set(to, new Set([group]));
    if (to > this.most) this.most = to;
  }

  private settle(): number {
    while (this.most > 0 && !this.byCount!.has(this.most)) this.most--;
    return this.most;
  }
}
