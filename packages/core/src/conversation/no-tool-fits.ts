/**
 * What every tool search (the gateway's `search_tools`, each adapter's) tells the model when it
 * found nothing: no tool fits, the `nearest` (an abstained `Selection`'s) only as unlikely guesses,
 * and answer or ask rather than search again, since weak models loop hunting a missing tool.
 */
export function noToolFits(nearest: readonly string[] = []): string {
  const guesses = nearest.length
    ? ` The closest tools (${nearest.join(', ')}) are unlikely to fit; use one only if it plainly does what the user asked.`
    : '';
  return `No tool fits this request.${guesses} Do not search again for it: answer without a tool, or ask the user what they need.`;
}
