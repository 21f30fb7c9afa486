import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { type Pipeline, pipe, semantic } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { orama } from '@shortlist/orama';
import { lexicalEmbedder, tfidf } from '@shortlist/tfidf';

/** Ordinary tools the hostile ones are mixed into. */
export const ordinaryTools = [
  { name: 'send_email', description: 'Send an email to a person' },
  { name: 'search_email', description: 'Search email messages by sender or subject' },
  { name: 'create_event', description: 'Create a calendar event' },
  { name: 'get_weather', description: 'Weather forecast for a city' },
  { name: 'refund_payment', description: 'Refund a card payment' },
];

/** The six pipelines every catalogue attack runs against. */
export function pipelines(): Record<string, () => Pipeline> {
  const embedder = lexicalEmbedder({ dimensions: 256 });
  return {
    bm25: () => pipe(bm25()),
    tfidf: () => pipe(tfidf()),
    orama: () => pipe(orama()),
    semantic: () => pipe(semantic({ embedder })),
    'bm25+tfidf rrf': () => pipe(bm25(), tfidf()).fuse(rrf()),
    'bm25+tfidf+semantic rrf, budget': () =>
      pipe(bm25(), tfidf(), semantic({ embedder })).fuse(rrf()).pack(budget(4000)),
  };
}

/** Names of a selection, or the reason the value is not one. */
export function namesOf(answer: unknown): string[] {
  return ((answer as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);
}

/** Why a selection is wrong: a name outside `allowed`, a duplicate, more than `limit` tools. */
export function badSelection(
  answer: unknown,
  allowed: readonly string[],
  limit: number,
): string | undefined {
  const names = namesOf(answer);
  if (names.length > limit) return `${names.length} tools for limit ${limit}`;
  if (new Set(names).size !== names.length) return `a tool twice: ${names.join(', ')}`;
  const outside = names.find((name) => !allowed.includes(name));
  return outside === undefined ? undefined : `"${outside}" is not in the catalogue`;
}
