import type { StepMessages } from './model-messages.js';

type StepMessage = StepMessages[number];
type Part = StepMessage['content']['parts'][number];

let made = 0;

/** A message as Mastra 1.x hands `prepareStep` one: stored form, content as parts. */
const message = (role: 'user' | 'assistant', parts: unknown[]): StepMessage =>
  ({
    id: `m${++made}`,
    role,
    createdAt: new Date(0),
    content: { format: 2, parts: parts as Part[] },
  }) as StepMessage;

export const user = (text: string): StepMessage => message('user', [{ type: 'text', text }]);

export const assistant = (...parts: unknown[]): StepMessage => message('assistant', parts);

export const text = (value: string) => ({ type: 'text', text: value });

/** A tool call; with `result`, the call and its result, as Mastra keeps them in one part. */
export const call = (toolCallId: string, toolName: string, args: unknown, result?: unknown) => ({
  type: 'tool-invocation',
  toolInvocation:
    result === undefined
      ? { state: 'call', toolCallId, toolName, args }
      : { state: 'result', toolCallId, toolName, args, result },
});
