/**
 * Groups (sources, tools, pairs of them) ranked by how many examples each holds, so the heaviest
 * is found in O(1). The caller keeps each group's place (`rankedPlace`) and reports every change
 * of its count; ties go to the group that reached that count first, so every process applying
 * the same changes in the same order names the same group.
 */
export interface CountRanking<Group> {
  /** `place`'s count went from `from` to `to` (one apart; 0 enters or leaves the ranking). */
  move(place: RankedPlace<Group>, from: number, to: number): void;
  /** The group holding the most, or undefined when none holds any. */
  top(): Group | undefined;
  /** How many examples the top group holds (0 when empty). */
  topCount(): number;
}

/**
 * A group's place in one ranking: a link in the list of groups of its count, so moving it is a
 * few pointer changes, never a hash lookup (the rankings are updated on every add and delete).
 */
export interface RankedPlace<Group> {
  readonly group: Group;
  before: RankedPlace<Group> | undefined;
  after: RankedPlace<Group> | undefined;
}

export const rankedPlace = <Group>(group: Group): RankedPlace<Group> => ({
  group,
  before: undefined,
  after: undefined,
});

interface Bucket<Group> {
  first: RankedPlace<Group> | undefined;
  last: RankedPlace<Group> | undefined;
}

export function createCountRanking<Group>(): CountRanking<Group> {
  return new Ranking<Group>();
}

/**
 * Most rankings hold one group (a tool taught by one source, a source naming one tool), so that
 * case keeps no map: opening a store of 100,000 tools must not allocate a map for each.
 */
class Ranking<Group> implements CountRanking<Group> {
  private solo: RankedPlace<Group> | undefined;
  private soloCount = 0;
  /** Groups by count, each list in the order its groups reached that count. */
  private byCount: Map<number, Bucket<Group>> | undefined;
  private most = 0;

  move(place: RankedPlace<Group>, from: number, to: number): void {
    if (this.byCount === undefined) {
      if (this.solo === undefined || this.solo === place) {
        this.solo = to === 0 ? undefined : place;
        this.soloCount = to;
        return;
      }
      this.byCount = new Map();
      this.append(this.solo, this.soloCount);
      this.solo = undefined;
    }
    const was = this.byCount.get(from);
    if (was) {
      if (place.before) place.before.after = place.after;
      else was.first = place.after;
      if (place.after) place.after.before = place.before;
      else was.last = place.before;
      if (!was.first) this.byCount.delete(from);
    }
    place.before = undefined;
    place.after = undefined;
    if (to > 0) this.append(place, to);
  }

  top(): Group | undefined {
    if (this.byCount === undefined) return this.solo?.group;
    return this.byCount.get(this.topCount())?.first?.group;
  }

  topCount(): number {
    if (this.byCount === undefined) return this.soloCount;
    while (this.most > 0 && !this.byCount.has(this.most)) this.most--;
    return this.most;
  }

  private append(place: RankedPlace<Group>, count: number): void {
    const bucket = this.byCount!.get(count);
    if (bucket) {
      place.before = bucket.last;
      bucket.last!.after = place;
      bucket.last = place;
    } else this.byCount!.set(count, { first: place, last: place });
    if (count > this.most) this.most = count;
  }
}
