/**
 * Lists shown in `--help` of commands whose packages load only when the command runs (so help
 * starts fast); `help-lists.test.ts` checks them against the packages' own lists.
 */
export const benchRankerNames: readonly string[] = ['bm25', 'tfidf', 'orama', 'orama-stock'];

/** `@shortlist/mcp`'s `gatewayModes`, for `shortlist mcp --help`. */
export const gatewayModeNames: readonly string[] = ['search', 'dynamic', 'filter'];
