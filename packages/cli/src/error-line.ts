import { ShortlistError } from '@shortlist/core';
import { escapeControl } from './terminal-text.js';

/**
 * One readable line for an error: a Shortlist error's own message (it says what to do), the
 * message of anything else marked as unexpected, control characters escaped (messages echo
 * user input). Set SHORTLIST_DEBUG=1 for the stack.
 */
export function errorLine(error: unknown): string {
  if (ShortlistError.isInstance(error)) return `shortlist: ${escapeControl(error.message)}`;
  const message = error instanceof Error ? error.message : String(error);
  return `shortlist: unexpected error: ${escapeControl(message)}`;
}
