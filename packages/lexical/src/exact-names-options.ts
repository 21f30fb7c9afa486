/** Options of `exactNames()`. */
export interface ExactNamesOptions {
  /** Names the ranker in fused results; `lexicalFusion()` puts its tools first. @default 'exact' */
  readonly id?: string;
  /** Also match the tool's title (MCP `title`). @default true */
  readonly titles?: boolean;
}
