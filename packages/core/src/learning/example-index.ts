import type { ExampleSelector, ToolExample } from './tool-example.js';
import { foldedQuery } from './tool-example.js';

/**
 * The ids of held examples by tool and by query, so a `{ tool }` or `{ query }` forget finds
 * its examples without a scan: opening a store that holds N examples and N forgets stays linear.
 */
export interface ExampleIndex<Id> {
  add(id: Id, example: ToolExample): void;
  delete(id: Id, example: ToolExample): void;
  /** The ids `selector` picks, for `{ tool }` and `{ query }`; undefined for the others (scan them). */
  lookUp(selector: ExampleSelector): Id[] | undefined;
  clear(): void;
}

export function createExampleIndex<Id>(): ExampleIndex<Id> {
  // A field most examples share with no other (a request) holds its one id without a set: a set
  // per example would double what opening a large store allocates.
  const byTool = new Map<string, Id | Set<Id>>();
  const byQuery = new Map<string, Id | Set<Id>>();
  const put = (map: Map<string, Id | Set<Id>>, field: string, id: Id): void => {
    const ids = map.get(field);
    if (ids === undefined) map.set(field, id);
    else if (ids instanceof Set) ids.add(id);
    else if (ids !== id) map.set(field, new Set([ids, id]));
  };
  const take = (map: Map<string, Id | Set<Id>>, field: string, id: Id): void => {
    const ids = map.get(field);
    if (ids instanceof Set) {
      ids.delete(id);
      if (ids.size === 0) map.delete(field);
    } else if (ids === id) map.delete(field);
  };
  const all = (ids: Id | Set<Id> | undefined): Id[] =>
    ids === undefined ? [] : ids instanceof Set ? [...ids] : [ids];
  return {
    add(id, example) {
      put(byTool, example.tool, id);
      put(byQuery, foldedQuery(example.query), id);
    },
    delete(id, example) {
      take(byTool, example.tool, id);
      take(byQuery, foldedQuery(example.query), id);
    },
    lookUp(selector) {
      if ('tool' in selector) return all(byTool.get(selector.tool));
      if ('query' in selector) return all(byQuery.get(foldedQuery(selector.query)));
      return undefined;
    },
    clear() {
      byTool.clear();
      byQuery.clear();
    },
  };
}
