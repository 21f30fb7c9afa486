import { hashString } from '@shortlist/core/kit';
import type { Dataset, DatasetQuery } from './dataset.js';
import { sampleById } from './sample-queries.js';

/** Which material a request is: fitting and thresholds use `train`, reported figures `test`. */
export type AbstentionSplit = 'train' | 'test';

/**
 * The request's split: the dataset's own (MetaTool's SHA-1 80/20) when it has one, otherwise an
 * even split by a seeded hash of the id, so BFCL and Seal-Tools get train material too.
 */
export function abstentionSplit(query: DatasetQuery): AbstentionSplit {
  if (query.split === 'train' || query.split === 'test') return query.split;
  return hashString(query.id, 36) % 2 === 0 ? 'train' : 'test';
}

/** What a request of the abstention benchmark asks of a catalogue. */
export type AbstentionKind = 'own' | 'foreign' | 'leave-out';

/** One request of the abstention benchmark, asked of one catalogue. */
export interface AbstentionRequest {
  readonly id: string;
  readonly query: string;
  readonly kind: AbstentionKind;
  /** The dataset the request comes from. */
  readonly from: string;
  /** Its right tools: for `own` the ones to find, for `leave-out` the ones removed first. */
  readonly relevant: readonly string[];
  /** Leave-out only: near-duplicates of a removed tool still in the catalogue (same name). */
  readonly siblings?: readonly string[];
}

/** How many requests of each kind `abstentionRequests` draws. */
export interface AbstentionSizes {
  /** The catalogue's own requests. @default 300 */
  readonly own?: number;
  /** Requests from the other datasets, split evenly between them. @default 300 */
  readonly foreign?: number;
  /** Own requests asked without their right tools. @default 100 */
  readonly leaveOut?: number;
}

/** A tool's name without BFCL's `~2` variant mark, lower-cased: near-duplicates share it. */
function baseName(name: string): string {
  return name.replace(/~\d+$/, '').toLowerCase();
}

/** The namespace before a dotted name's last part (`math` of `math.hypot`), or the base name. */
function family(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * Whether `name` is a wrong sibling of a right tool: not right, but a variant of one or of the
 * same dotted namespace (a near-duplicate the user may not tell apart).
 */
export function isSibling(name: string, relevant: readonly string[]): boolean {
  if (relevant.includes(name)) return false;
  const own = family(name);
  return relevant.some((right) => family(right) === own);
}

/**
 * The abstention benchmark's requests for `catalogue` on one split: its own requests, requests
 * from `others` (whose domains it mostly does not cover), and own requests to be asked with their
 * right tools removed, each marked with the near-duplicates that stay. Drawn by id hash (stable).
 */
export function abstentionRequests(
  catalogue: Dataset,
  others: readonly Dataset[],
  split: AbstentionSplit,
  sizes: AbstentionSizes = {},
): AbstentionRequest[] {
  const { own = 300, foreign = 300, leaveOut = 100 } = sizes;
  const inSplit = (dataset: Dataset) =>
    dataset.queries.filter((query) => abstentionSplit(query) === split);
  const mine = inSplit(catalogue);
  const requests: AbstentionRequest[] = sampleById(mine, own, 1).map((query) => ({
    id: query.id,
    query: query.query,
    kind: 'own',
    from: catalogue.name,
    relevant: query.relevant,
  }));
  others.forEach((other, i) => {
    const share = Math.floor(foreign / others.length) + (i < foreign % others.length ? 1 : 0);
    for (const query of sampleById(inSplit(other), share, 2)) {
      requests.push({
        id: `${other.name}:${query.id}`,
        query: query.query,
        kind: 'foreign',
        from: other.name,
        relevant: [],
      });
    }
  });
  const names = catalogue.tools.map((tool) => tool.name);
  for (const query of sampleById(mine, leaveOut, 3)) {
    const removed = new Set(query.relevant);
    const bases = new Set(query.relevant.map(baseName));
    const siblings = names.filter((name) => !removed.has(name) && bases.has(baseName(name)));
    requests.push({
      id: `leave-out:${query.id}`,
      query: query.query,
      kind: 'leave-out',
      from: catalogue.name,
      relevant: query.relevant,
      siblings,
    });
  }
  return requests;
}
