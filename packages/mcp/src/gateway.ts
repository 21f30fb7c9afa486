import { join } from 'node:path';
import {
  type CallToolResult,
  ErrorCode,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import {
  InvalidArgumentError,
  memoryExampleStore,
  type Picker,
  type ToolExample,
} from '@shortlist/core';
import { searchNeeds } from '@shortlist/core/adapter';
import {
  decodePickerSnapshot,
  encodePickerSnapshot,
  raceAbort,
  snapshotConfiguration,
} from '@shortlist/core/kit';
import { fileSnapshotStore } from '@shortlist/core/node';
import { fileExampleStore } from '@shortlist/learn/node';
import { argumentValidator } from './argument-validator.js';
import { defaultAuthDirectory } from './auth-directory.js';
import { defaultCacheDirectory, defaultExamplesFile } from './cache-directory.js';
import { Pause, reindexPauseMs } from './churn-pacing.js';
import { defaultGatewayPipeline } from './default-pipeline.js';
import type { GatewayOptions } from './gateway-options.js';
import { mcpError } from './mcp-error.js';
import { parseServerConfig } from './server-config.js';
import { catalogueDigest, snapshotKey } from './snapshot-key.js';
import { type CatalogueEntry, ToolCatalogue } from './tool-catalogue.js';
import { connectUpstream, type Upstream, type UpstreamCallOptions } from './upstream.js';

/** What `search_tools` found: the tools and, when the pipeline packs, their token count. */
export interface SearchResult {
  readonly tools: readonly McpTool[];
  readonly totalTokens?: number;
  /** When the search abstained: the nearest tools' names, to name only as unlikely guesses. */
  readonly nearest?: readonly string[];
}

/** What a batched `search_tools` found: each tool with the needs (by text) whose search found it. */
interface NeedsSearchResult {
  readonly tools: readonly { readonly tool: McpTool; readonly needs: readonly string[] }[];
  readonly totalTokens?: number;
}

/** Options of a gateway search. */
interface GatewaySearchOptions {
  readonly limit?: number;
  readonly signal?: AbortSignal;
  /** Who asks, as the examples they teach name them (`learningSource`). */
  readonly source?: string;
}

/** Upstreams behind one index; the downstream servers of every mode call into this. */
export interface Gateway {
  /** Number of upstream tools served. */
  readonly size: number;
  /** Upstreams not connected now (still starting, or reconnecting): their tools are not served yet. */
  connecting(): string[];
  /** Upstreams that refuse the gateway until the user runs `shortlist mcp login <server>`. */
  needsSignIn(): string[];
  /** Every upstream tool under its gateway name. */
  tools(): McpTool[];
  /** The gateway's entry for a tool name, if it exists. */
  entry(name: string): CatalogueEntry | undefined;
  /** The best tools for a query, packed under the pipeline's budget; `source` names who asks. */
  search(query: string, options?: GatewaySearchOptions): Promise<SearchResult>;
  /**
   * The best tools for several needs at once, in one answer under the pipeline's budget:
   * deduplicated, each need given its fair share (`searchNeeds` of @shortlist/core).
   */
  searchNeeds(needs: readonly string[], options?: GatewaySearchOptions): Promise<NeedsSearchResult>;
  /** Calls a tool by its gateway name on the upstream that owns it, checking arguments first. */
  call(name: string, args: unknown, options?: UpstreamCallOptions): Promise<CallToolResult>;
  /**
   * Teaches the picker these examples (`{ query, tool }`) in one lesson through `picker.learn()`,
   * the door every entry shares; resolves once taught. A failure is a warning, never an error of
   * the call that taught it. Does nothing with `learn: false`, or when the pipeline does not learn.
   */
  record(examples: ToolExample | readonly ToolExample[]): Promise<void>;
  /** Listens for catalogue changes (after the index has caught up); returns an unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Waits until the index reflects every listing received so far (after any churn pause). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** How long `createGateway` waits for slow upstreams by default before serving the others. */
const defaultStartWaitMs = 5000;

/**
 * Removals after which the index is rebuilt from the catalogue: twice its size, at least 4,000,
 * so an ordinary relist never rebuilds and a churning one cannot grow rankers' dictionaries.
 */
const rebuildAfterRemoving = (size: number): number => Math.max(4_000, 2 * size);

/**
 * Waits until every upstream's first attempt has settled, or `waitMs`, whichever comes first;
 * resolves with the names of the upstreams still connecting.
 */
async function firstUpstreams(upstreams: readonly Upstream[], waitMs: number): Promise<string[]> {
  const settled = new Set<string>();
  const all = Promise.allSettled(
    upstreams.map((upstream) =>
      upstream.ready.finally(() => settled.add(upstream.name)).catch(() => undefined),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  return upstreams.filter((upstream) => !settled.has(upstream.name)).map((u) => u.name);
}

const defaultWarning = (message: string) => process.stderr.write(`shortlist mcp: ${message}\n`);

/**
 * Connects every upstream, waits for each first listing (or its failure), indexes the tools
 * (or restores the index from disk) and keeps the index in step with upstream changes.
 */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const servers = parseServerConfig(options.config);
  for (const argument of ['maxCallMs', 'connectTimeoutMs'] as const) {
    const value = options[argument];
    if (value !== undefined && !(typeof value === 'number' && value > 0 && value < 2 ** 31)) {
      throw new InvalidArgumentError({
        argument,
        expected: 'a positive number of milliseconds',
        message: `createGateway: ${argument} must be a positive number of milliseconds, got ${String(value)}`,
      });
    }
  }
  const startWaitMs = options.startWaitMs ?? defaultStartWaitMs;
  if (!(typeof startWaitMs === 'number' && startWaitMs >= 0 && startWaitMs < 2 ** 31)) {
    throw new InvalidArgumentError({
      argument: 'startWaitMs',
      expected: 'a number of milliseconds, 0 or more',
      message: `createGateway: startWaitMs must be a number of milliseconds, 0 or more, got ${String(options.startWaitMs)}`,
    });
  }
  const warn = options.onWarning ?? defaultWarning;
  if (options.pipeline !== undefined && options.examples !== undefined) {
    throw new InvalidArgumentError({
      argument: 'examples',
      expected: 'examples or a pipeline, not both',
      message:
        'createGateway: examples only feed the default pipeline; give the store to your own pipeline (lexical({ examples })) and drop options.examples',
    });
  }
  const learns = options.learn !== false;
  const cacheDirectory =
    options.cacheDirectory === false
      ? undefined
      : (options.cacheDirectory ?? defaultCacheDirectory());
  /** The store the gateway opened itself (not the user's), closed with the gateway. */
  const ownStore =
    learns && !options.pipeline && !options.examples && cacheDirectory
      ? fileExampleStore(join(cacheDirectory, defaultExamplesFile), { onWarning: warn })
      : undefined;
  const examples =
    learns && !options.pipeline
      ? (options.examples ?? ownStore ?? memoryExampleStore())
      : undefined;
  const pipeline =
    options.pipeline ??
    defaultGatewayPipeline({ budget: options.budget, examples: examples ?? false });
  /** Lessons being taught; `close()` lets them finish. */
  const recording = new Set<Promise<void>>();
  const snapshots = cacheDirectory ? fileSnapshotStore(cacheDirectory) : undefined;
  const catalogue = new ToolCatalogue();
  const listeners = new Set<() => void>();
  const validators = new Map<McpTool, JsonSchemaValidator<unknown> | null>();
  const ajv = argumentValidator();
  let picker: Picker<McpTool> | undefined;
  let closed = false;

  /** Index mutations run one after another; each brings the picker in line with the catalogue. */
  let work: Promise<void> = Promise.resolve();
  let reconcileQueued = false;
  /**
   * Tools taken out of the index since it was built. Rankers keep a removed tool's terms in their
   * dictionaries, so a churning upstream would grow them for ever: past twice the catalogue, the
   * index is rebuilt from the catalogue (see `rebuildAfterRemoving`).
   */
  let removedSinceBuild = 0;
  /** Before an index update, what is left of the pause the last one earned (churn-pacing.ts). */
  const reindexPause = new Pause();
  let reindexAfter = 0;
  const reconcile = async () => {
    await reindexPause.wait(reindexAfter - Date.now());
    // Cleared after the pause, so changes that came during it join this update.
    reconcileQueued = false;
    if (!picker || closed) return;
    const changed = await update(picker);
    reindexAfter = Date.now() + reindexPauseMs(changed);
  };
  /** Brings the index in line with the catalogue; how many tools it added or removed. */
  const update = async (live: Picker<McpTool>): Promise<number> => {
    const target = catalogue.all();
    if (!options.openPicker && removedSinceBuild > rebuildAfterRemoving(target.length)) {
      const rebuilt = await pipeline.index(target.map((entry) => entry.exposed));
      if (closed) return 0;
      // The old picker is left to the garbage collector, not disposed: pickers of one pipeline
      // share its packer, and a search may still be reading the old one.
      picker = rebuilt;
      removedSinceBuild = 0;
      for (const listener of listeners) listener();
      return target.length;
    }
    const current = new Map(live.tools().map((tool) => [tool.name, tool.original]));
    const wanted = new Map(target.map((entry) => [entry.name, entry.exposed]));
    const gone: string[] = [];
    const changed: McpTool[] = [];
    for (const [name, original] of current) {
      const next = wanted.get(name);
      if (next === undefined) gone.push(name);
      else if (next !== original) changed.push(next);
    }
    const added = target.filter((entry) => !current.has(entry.name)).map((entry) => entry.exposed);
    // New names first, then the old out: a relisting upstream's tools stay searchable throughout.
    if (added.length) await live.add(added);
    if (gone.length || changed.length) {
      await live.remove([...gone, ...changed.map((tool) => tool.name)]);
      removedSinceBuild += gone.length + changed.length;
    }
    if (changed.length) await live.add(changed);
    if (gone.length || added.length || changed.length) for (const listener of listeners) listener();
    return added.length + gone.length + 2 * changed.length;
  };
  const queueReconcile = () => {
    if (reconcileQueued) return;
    reconcileQueued = true;
    work = work
      .then(reconcile)
      .catch((error) => warn(`updating the index failed: ${String(error)}`));
  };

  const authDirectory =
    options.authDirectory === false ? undefined : (options.authDirectory ?? defaultAuthDirectory());
  const upstreams = new Map<string, Upstream>();
  for (const server of servers) {
    upstreams.set(
      server.name,
      connectUpstream(server, {
        connectTimeoutMs: options.connectTimeoutMs,
        callTimeoutMs: options.callTimeoutMs,
        maxCallMs: options.maxCallMs,
        reconnectDelayMs: options.reconnectDelayMs,
        maxReconnectDelayMs: options.maxReconnectDelayMs,
        stderr: options.upstreamStderr,
        ...(authDirectory ? { authDirectory } : {}),
        onWarning: warn,
        onTools: (tools) => {
          if (closed) return;
          catalogue.update(server.name, tools);
          queueReconcile();
        },
      }),
    );
  }
  const stopUpstreams = () =>
    Promise.allSettled([...upstreams.values()].map((upstream) => upstream.close()));

  const build = async () => {
    const tools = catalogue.all().map((entry) => entry.exposed);
    if (options.openPicker) {
      picker = await options.openPicker(pipeline, tools);
      return;
    }
    const configuration = snapshotConfiguration(pipeline);
    const digest = catalogueDigest(tools);
    const key = snapshotKey(configuration, digest);
    if (snapshots) {
      let parts: Readonly<Record<string, Uint8Array>> | undefined;
      try {
        const stored = await snapshots.get(key);
        const expected = { configuration, catalogue: digest };
        if (stored) parts = decodePickerSnapshot(stored, expected).parts;
      } catch (error) {
        warn(`ignored an unreadable index snapshot (it is rebuilt): ${String(error)}`);
      }
      if (parts) {
        try {
          // The container's catalogue digest covers every tool's exact definition, so core's
          // per-tool digest of the same texts is skipped.
          picker = await pipeline.restore(tools, parts, { catalogueVerified: true });
          return;
        } catch (error) {
          // A snapshot another pipeline setting wrote (say, another embedding model): re-index.
          warn(`could not restore the index snapshot (it is rebuilt): ${String(error)}`);
        }
      }
    }
    picker = await pipeline.index(tools);
    if (snapshots) {
      const container = encodePickerSnapshot({
        configuration,
        catalogue: digest,
        parts: picker.snapshot(),
      });
      await snapshots
        .set(key, container)
        .catch((error) => warn(`could not save the index snapshot: ${String(error)}`));
    }
  };
  try {
    const pending = await raceAbort(
      firstUpstreams([...upstreams.values()], startWaitMs),
      options.signal,
    );
    for (const name of pending) {
      warn(
        `upstream "${name}" is still connecting after ${startWaitMs} ms; serving the others, its tools join when it connects`,
      );
    }
    work = work.then(build);
    await raceAbort(work, options.signal);
  } catch (error) {
    // Stopped or failed while starting: no upstream process may outlive the attempt.
    closed = true;
    await stopUpstreams();
    await ownStore?.close();
    throw error;
  }
  // Listings that arrived while the index was built.
  queueReconcile();

  const validatorFor = (entry: CatalogueEntry) => {
    let validator = validators.get(entry.upstream);
    if (validator === undefined) {
      try {
        validator = ajv.getValidator(entry.upstream.inputSchema as never);
      } catch (error) {
        warn(
          `tool "${entry.name}" has an input schema that cannot be compiled, so its arguments are not checked: ${String(error)}`,
        );
        validator = null;
      }
      validators.set(entry.upstream, validator);
    }
    return validator;
  };

  return {
    get size() {
      return catalogue.size;
    },
    connecting: () =>
      [...upstreams.values()]
        .filter((upstream) => !upstream.connected && !upstream.needsSignIn)
        .map((u) => u.name),
    needsSignIn: () =>
      [...upstreams.values()].filter((upstream) => upstream.needsSignIn).map((u) => u.name),
    tools: () => catalogue.all().map((entry) => entry.exposed),
    entry: (name) => catalogue.get(name),
    async search(query, searchOptions = {}) {
      const selection = await picker!.select(query, {
        limit: searchOptions.limit ?? 5,
        ...(searchOptions.signal ? { signal: searchOptions.signal } : {}),
        ...(searchOptions.source === undefined ? {} : { source: searchOptions.source }),
      });
      // A tool removed from the index while the search ran is not offered; one a relisting
      // upstream is replacing is, until its new list is in the index.
      const tools = selection.originals.filter((tool) => picker!.get(tool.name)?.original === tool);
      return {
        tools,
        ...(selection.totalTokens === undefined ? {} : { totalTokens: selection.totalTokens }),
        ...(selection.nearest?.length ? { nearest: selection.nearest } : {}),
      };
    },
    async searchNeeds(needs, searchOptions = {}) {
      const found = await searchNeeds(picker!, needs, {
        limit: searchOptions.limit ?? 5,
        ...(searchOptions.signal ? { signal: searchOptions.signal } : {}),
        ...(searchOptions.source === undefined ? {} : { source: searchOptions.source }),
      });
      const tools = found.picks
        .filter((pick) => picker!.get(pick.name)?.original === pick.tool.original)
        .map((pick) => ({
          tool: pick.tool.original,
          needs: pick.needs.map((need) => found.needs[need]!),
        }));
      return found.totalTokens === undefined
        ? { tools }
        : { tools, totalTokens: found.totalTokens };
    },
    async call(name, args, callOptions) {
      const entry = typeof name === 'string' ? catalogue.get(name) : undefined;
      if (!entry) {
        throw mcpError(
          ErrorCode.InvalidParams,
          `unknown tool "${String(name)}"; call search_tools to find the names of available tools`,
        );
      }
      const input = args ?? {};
      if (typeof input !== 'object' || Array.isArray(input)) {
        throw mcpError(ErrorCode.InvalidParams, `arguments for "${entry.name}" must be an object`);
      }
      const validator = validatorFor(entry);
      const checked = validator?.(input);
      if (checked && !checked.valid) {
        throw mcpError(
          ErrorCode.InvalidParams,
          `arguments for "${entry.name}" do not match its input schema: ${checked.errorMessage}`,
        );
      }
      const upstream = upstreams.get(entry.server)!;
      return upstream.call(entry.upstream.name, input as Record<string, unknown>, callOptions);
    },
    record(given) {
      const live = picker;
      if (!learns || closed || !live?.learns) return Promise.resolve();
      // A tool removed since the search is no example: learn() would refuse it.
      const examples = (Array.isArray(given) ? given : [given as ToolExample]).filter((example) =>
        live.get(example.tool),
      );
      if (examples.length === 0) return Promise.resolve();
      // Started after the call's result is in hand, and not awaited by the call: learning never
      // delays a call. One lesson is one learn(), so one append (and fsync) to a file store.
      const done: Promise<void> = Promise.resolve()
        .then(() => live.learn(examples))
        .catch((error) => {
          const tools = [...new Set(examples.map((example) => example.tool))].join('", "');
          warn(`could not record that "${tools}" served a search: ${String(error)}`);
        })
        .finally(() => recording.delete(done));
      recording.add(done);
      return done;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => work,
    async close() {
      closed = true;
      reindexPause.stop();
      await Promise.allSettled(recording);
      await stopUpstreams();
      await work.catch(() => undefined);
      picker?.dispose();
      await ownStore?.close();
    },
  };
}
