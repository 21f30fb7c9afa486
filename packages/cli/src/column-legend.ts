import type { Selection } from '@shortlist/core';

/** What each ranker's column measures, in plain words, by ranker id. */
const rankerWords: Readonly<Record<string, string>> = {
  bm25: 'BM25: shared words, rarer words counting more',
  tfidf: 'TF-IDF: shared words, as a cosine',
  bigrams: 'TF-IDF over adjacent word pairs, so phrases such as "send email" count',
  pieces: 'TF-IDF over 4-letter word pieces, so "copywriting" meets "copywriter"',
  name: "how well the request spells the tool's name",
  opening: "the request opens with the verb and object that open the tool's description",
  exact: 'the request names the tool in full',
  learned: 'requests this tool served before (learning from use)',
  semantic: 'embedding similarity',
};

/**
 * What the columns of the selection tables mean, in plain words: only the rankers that appear
 * in them, so the legend reads with the tables printed below it.
 */
export function columnLegend(selections: readonly Selection[], packed: boolean): string {
  const rankers = [
    ...new Set(selections.flatMap((s) => s.picks.flatMap((pick) => Object.keys(pick.sources)))),
  ].sort();
  const width = Math.max(6, ...rankers.map((id) => id.length + 2));
  const line = (label: string, text: string) => `  ${label.padEnd(width)}  ${text}`;
  return [
    "Columns: # is the pick's place; score the fused score (each ranker's normalised score,",
    'weighted); each "<ranker> #" is where that ranker alone placed the tool (- not found):',
    ...rankers.map((id) => line(`${id} #`, rankerWords[id] ?? `the ${id} ranker`)),
    ...(packed ? [line('tokens', "the tool definition's size, counted against the budget")] : []),
  ].join('\n');
}
