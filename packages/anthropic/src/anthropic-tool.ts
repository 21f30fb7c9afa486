import type { ToolUnion } from '@anthropic-ai/sdk/resources/messages';

/**
 * A tool definition `messages.create` accepts that has a name: custom tools and named server
 * tools. Nameless toolsets (browser, computer) cannot be retrieved by name; pass them yourself.
 */
export type AnthropicTool = Extract<ToolUnion, { name: string }>;
