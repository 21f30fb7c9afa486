import { lightStem } from '@shortlist/core/kit';

/**
 * Action verbs that name the same operation in tool names and requests ("open a pull request"
 * is `create_pull_request`). Each group's first word stands for the group.
 */
export const actionVerbGroups: readonly (readonly string[])[] = [
  ['create', 'add', 'new', 'make', 'open', 'insert'],
  ['delete', 'remove', 'drop', 'erase', 'destroy', 'del'],
  ['get', 'list', 'show', 'fetch', 'retrieve', 'find', 'view', 'display', 'read', 'lookup'],
  ['update', 'edit', 'modify', 'change'],
];

/** Stemmed word to its group's first word; built once from `actionVerbGroups`. */
const canonicalVerb: ReadonlyMap<string, string> = new Map(
  actionVerbGroups.flatMap((group) => group.map((word) => [lightStem(word), group[0]!] as const)),
);

/** Stems already computed: stemming runs regular expressions, and requests repeat words. */
const stems = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

/** The group word for an action verb (any inflection), else the word stemmed. */
export function canonicalWord(word: string, verbs: boolean): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = lightStem(word);
    if (stems.size < STEM_CACHE_LIMIT) stems.set(word, stem);
  }
  return verbs ? (canonicalVerb.get(stem) ?? stem) : stem;
}
