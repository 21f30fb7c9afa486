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
  const byTool = new Map<string, Set<Id>>();
  const byQuery = new Map<string, Set<Id>>();
  const put = (map: Map<string, Set<Id>>, field: string, id: Id): void => {
    const ids = map.get(field);
    if (ids) ids.add(id);
    else map.set(field, new Set([id]));
  };
  const take = (map: Map<string, Set<Id>>, field: string, id: Id): void => {
    const ids = map.get(field);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) map.delete(field);
  };
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
      if ('tool' in selector) return [...(byTool.get(selector.tool) ?? [])];
      if ('query' in selector) return [...(byQuery.get(foldedQuery(selector.query)) ?? [])];
      return undefined;
    },
    clear() {
      byTool.clear();
      byQuery.clear();
    },
  };
}
