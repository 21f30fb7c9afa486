/**
 * What `search_tools` says beside an empty `tools` list (the default pipeline abstains on a
 * request no tool's words come near), so the model rephrases instead of guessing a name.
 */
export function noToolMatched(query: string): string {
  return `No tool matched ${JSON.stringify(query)}. Search again with other words, in English.`;
}
