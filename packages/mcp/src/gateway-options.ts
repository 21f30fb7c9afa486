import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { ExampleStore, Picker, Pipeline } from '@shortlist/core';

/** How the gateway is set up; every duration is in milliseconds. */
export interface GatewayOptions {
  /** The `mcpServers` object (or a whole client config file holding one). */
  readonly config: unknown;
  /** Ranks tools for `search_tools`. @default the lexical default packed into `budget` tokens */
  readonly pipeline?: Pipeline;
  /** Token budget of the default pipeline. @default 4000 */
  readonly budget?: number;
  /**
   * Where the default pipeline keeps what calls teach it through `picker.learn()`; not with your
   * own `pipeline` (give it the store: `lexical({ examples })`).
   * @default `examples.jsonl` in `cacheDirectory` (a `fileExampleStore`), in memory with `cacheDirectory: false`
   */
  readonly examples?: ExampleStore;
  /** `false` teaches nothing: calls never reach `picker.learn()`. @default true */
  readonly learn?: boolean;
  /**
   * Makes the first index, e.g. with `restoreOrIndex` from `@shortlist/redis` so that replicas
   * build once between them. @default a snapshot on disk under `cacheDirectory`, or indexing
   */
  readonly openPicker?: (pipeline: Pipeline, tools: readonly McpTool[]) => Promise<Picker<McpTool>>;
  /**
   * Where upstream OAuth sign-ins (`shortlist mcp login`) are kept, one user-only file per
   * upstream; `false` signs in to nothing. @default `$XDG_CONFIG_HOME/shortlist/auth` or `~/.config/shortlist/auth`
   */
  readonly authDirectory?: string | false;
  /** Where picker snapshots and learnt examples are kept; `false` keeps none on disk. @default the user's cache directory */
  readonly cacheDirectory?: string | false;
  /**
   * Longest one attempt may take to connect an upstream and list its tools; past it the upstream
   * is reported with a warning and retried in the background with backoff. @default 30000
   */
  readonly connectTimeoutMs?: number;
  /**
   * Longest `createGateway` waits for upstreams before serving the ones that are ready; slower
   * ones join the catalogue when they connect, announced with `list_changed`. @default 5000
   */
  readonly startWaitMs?: number;
  /** Longest wait for an upstream tool call; progress restarts the clock. @default 60000 */
  readonly callTimeoutMs?: number;
  /** Longest an upstream tool call may take in all, whatever progress it reports. @default 300000 (5 min) */
  readonly maxCallMs?: number;
  /** First reconnect delay after an upstream fails, doubled each time. @default 500 */
  readonly reconnectDelayMs?: number;
  /** Longest reconnect delay. @default 30000 */
  readonly maxReconnectDelayMs?: number;
  /** Where stdio upstreams' stderr lines go, redacted: our stderr, nowhere, or a function. @default 'inherit' */
  readonly upstreamStderr?: 'inherit' | 'ignore' | ((line: string) => void);
  /** Aborting it while the gateway starts stops every upstream, even one still connecting. */
  readonly signal?: AbortSignal;
  /** Receives warnings (never secrets). @default writes them to stderr */
  readonly onWarning?: (message: string) => void;
}
