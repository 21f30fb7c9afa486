import type { WireObject } from './wire.js';

/**
 * What the real Responses API refuses: an output item answering a call id the input never made.
 * Returns the error message, or undefined when the input is consistent.
 */
export function checkResponsesInput(input: unknown): string | undefined {
  if (!Array.isArray(input)) return undefined;
  const calls = new Set<string>();
  for (const item of input as WireObject[]) {
    const callId = typeof item?.call_id === 'string' ? item.call_id : undefined;
    if ((item?.type === 'function_call' || item?.type === 'tool_search_call') && callId) {
      calls.add(callId);
    }
    if (
      (item?.type === 'function_call_output' || item?.type === 'tool_search_output') &&
      callId &&
      !calls.has(callId)
    ) {
      return `No tool call found for ${item.type} with call_id ${item.call_id}.`;
    }
  }
  return undefined;
}
