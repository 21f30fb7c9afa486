/** Options of `nameMatch()`. */
export interface NameMatchOptions {
  /** Names the ranker in fused results and fusion weights. @default 'name' */
  readonly id?: string;
  /** Treat action-verb synonyms (create/open/new/add, delete/remove, list/show/get) as one word. @default true */
  readonly verbs?: boolean;
  /** Match the request against the tool's title (MCP `title`) as well as its name. @default true */
  readonly titles?: boolean;
  /** Share of a name's words (idf-weighted) the request must use for the tool to be ranked at all. @default 0 */
  readonly minCoverage?: number;
  /** Words ignored in names and requests, or `false` to keep all. @default englishStopwords */
  readonly stopwords?: Iterable<string> | false;
  /**
   * Rank first the tools whose full name or title the request contains (between word
   * boundaries, any case), longest first, above every partial match. @default true
   */
  readonly exactNames?: boolean;
}
