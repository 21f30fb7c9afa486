import type { EmbedderV1 } from '@shortlist/core';

/** A query a user asked and the tool that answered it, e.g. from logged successful calls. */
export interface IntentExample {
  readonly query: string;
  /** The tool's name (its id in the catalogue). */
  readonly tool: string;
}

export interface IntentOptions {
  /** Labelled example queries; every one must name a tool of the catalogue being indexed. */
  readonly examples: readonly IntentExample[];
  /** Embeds the examples at index time and the query at select time. */
  readonly embedder: EmbedderV1;
  /** How many nearest examples vote for their tools. @default 5 */
  readonly neighbours?: number;
  /** Names this ranker in fused results. @default 'intent' */
  readonly id?: string;
  /**
   * Examples whose cosine similarity to the query is not above this never vote, so an
   * unrelated query gets no ranking from intent. @default 0
   */
  readonly minScore?: number;
  /**
   * Each vote is `cosine ** exponent`; above 1 it favours the closest examples over many
   * loose ones. @default 1 (the summed cosine)
   */
  readonly exponent?: number;
  /**
   * A tool's summed vote is divided by (its example count) ** this, so tools with many examples
   * do not win on numbers alone; 0.5 divides by the square root. @default 0 (no division)
   */
  readonly countExponent?: number;
  /**
   * Counts each catalogue tool's own text (core's `toolText`: name, description, parameters) as
   * one more example of it, embedded at index time and again when the tool is added.
   * @default false
   */
  readonly toolText?: boolean;
}
