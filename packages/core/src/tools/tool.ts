/** A JSON Schema object, kept as given; Shortlist reads `properties`, `description` and `enum`. */
export type JsonSchema = { readonly [key: string]: unknown };

/** Which wire format a tool was given in; adapters use it to hand back the same shape. */
export type ToolFormat =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'mcp'
  | 'plain'
  | 'ai-sdk'
  | 'langchain';

/**
 * The one tool shape every ranker, fusion and packer sees. `original` is the exact object the
 * user passed, so adapters can return it untouched.
 */
export interface Tool<Original = unknown> {
  /** Unique within a catalogue; results refer to tools by this name. */
  readonly name: string;
  /** Human-facing title (MCP `title` or `annotations.title`). */
  readonly title?: string;
  /** Empty string when the source gave none. */
  readonly description: string;
  /** JSON Schema of the arguments; always an object schema, `{ type: 'object' }` when absent. */
  readonly inputSchema: JsonSchema;
  readonly tags: readonly string[];
  /** Opaque to Shortlist; carried through untouched. */
  readonly meta?: unknown;
  readonly format: ToolFormat;
  readonly original: Original;
}
