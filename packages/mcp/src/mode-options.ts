/** How the gateway presents upstream tools to its client. */
export type GatewayMode = 'search' | 'dynamic' | 'filter';

/** The modes the gateway serves, for help text and checks. */
export const gatewayModes: readonly GatewayMode[] = ['search', 'dynamic', 'filter'];

/** Options of the downstream server; which apply depends on the mode. */
export interface ModeOptions {
  /** `search`: two tools; `dynamic`: found tools join tools/list; `filter`: a fixed list. @default 'search' */
  readonly mode?: GatewayMode;
  /** `dynamic`: most found tools kept in tools/list; the least recently used go first. @default 20 */
  readonly dynamicLimit?: number;
  /** `filter`: gateway tool names to serve; `github__*` matches a prefix. */
  readonly allow?: readonly string[];
  /** `filter`: serve the tools that best fit this query instead of an allow-list. */
  readonly filterQuery?: string;
  /** `filter`: most tools `filterQuery` selects. @default 20 */
  readonly filterLimit?: number;
}

/** True when a tool name is in an allow-list; an entry ending in `*` matches a prefix. */
export function matchesAllowList(name: string, allow: readonly string[]): boolean {
  return allow.some((pattern) =>
    pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  );
}
