import type { Tool } from '@shortlist/core';
import { storedTerms } from './request-form.js';

/**
 * The distinct hashed terms of a request (as `storedTerms` reads a stored one), so queries, tool
 * descriptions and stored examples meet on the same hashes.
 */
export function exampleTerms(text: string): string[] {
  return storedTerms(text);
}

/** The terms of a tool's own words (name, title, description), weighed against requests like one. */
export function descriptionTerms(tool: Tool): string[] {
  return exampleTerms(`${tool.name} ${tool.title ?? ''} ${tool.description}`);
}
