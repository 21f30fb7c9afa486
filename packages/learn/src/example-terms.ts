import type { Tool } from '@shortlist/core';
import { defaultTokenizer, MAX_EXAMPLE_QUERY_LENGTH } from '@shortlist/core/kit';

/** Most distinct terms a query or example keeps: requests are short, and this bounds a rank's work. */
const MAX_EXAMPLE_TERMS = 64;

/**
 * The distinct terms of a request (split, lowercased, stopwords out, stemmed), from at most
 * `MAX_EXAMPLE_QUERY_LENGTH` characters of it, so a huge query costs no more than a long one.
 */
export function exampleTerms(text: string): string[] {
  const head =
    text.length > MAX_EXAMPLE_QUERY_LENGTH ? text.slice(0, MAX_EXAMPLE_QUERY_LENGTH) : text;
  const terms = [...new Set(defaultTokenizer(head))];
  return terms.length > MAX_EXAMPLE_TERMS ? terms.slice(0, MAX_EXAMPLE_TERMS) : terms;
}

/** The terms of a tool's own words (name, title, description), weighed against requests like one. */
export function descriptionTerms(tool: Tool): string[] {
  return exampleTerms(`${tool.name} ${tool.title ?? ''} ${tool.description}`);
}
