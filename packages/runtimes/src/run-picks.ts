import { shortlist } from '@shortlist/ai-sdk';
import { bm25 } from '@shortlist/bm25';
import { loadWholeTable } from '@shortlist/budget';
import {
  cached,
  type EmbedderV1,
  type EmbeddingStore,
  pipe,
  semantic,
  toTools,
} from '@shortlist/core';
import { decodeSnapshot, defaultTokenizer, encodeSnapshot, fnv1a } from '@shortlist/core/kit';
import { rrf } from '@shortlist/fusion';
import { lexical } from '@shortlist/lexical';
import { jsonSchema, type ToolSet, tool } from 'ai';
import { catalogue, requests } from './catalogue.js';

/** Tokens the picks are packed into: tight enough that the budget drops tools. */
export const MAX_TOKENS = 240;

/** What Node hands the runtime: snapshots it took, and a snapshot container it wrote. */
export interface RuntimeInput {
  /** `picker.snapshot()` of `lexical({ maxTokens: MAX_TOKENS })` over the catalogue, base64. */
  readonly snapshots: Readonly<Record<string, string>>;
  /** `encodeSnapshot(probeContent)` written in Node (zlib's CRC-32), base64. */
  readonly container: string;
}

/** One request's picks, tool names best first. */
interface RequestPicks {
  readonly query: string;
  readonly names: readonly string[];
}

/** What a runtime reports; plain JSON, so it crosses realms and processes unchanged. */
export interface RuntimeReport {
  /** `lexical({ maxTokens })`: the packed picks and their tokens. */
  readonly lexical: readonly (RequestPicks & {
    readonly tokens: number;
    readonly dropped: number;
  })[];
  /** The same pipeline restored from Node's snapshots instead of indexed. */
  readonly restored: readonly RequestPicks[];
  /** This runtime's own snapshots of the lexical picker, base64, for Node to restore. */
  readonly snapshots: Readonly<Record<string, string>>;
  /** The probe container as this runtime encodes it, base64 (byte-identical to Node's). */
  readonly container: string;
  /** What the runtime read back from Node's container. */
  readonly decoded: { readonly meta: unknown; readonly arrays: readonly number[][] };
  /** `@shortlist/ai-sdk`: `prepareStep`'s active tools for a conversation of one request. */
  readonly preselected: readonly RequestPicks[];
  /** `@shortlist/ai-sdk`: the `toolSearch` callback's answer for each request. */
  readonly searched: readonly RequestPicks[];
  /** `semantic()` over a cached embedder and `bm25()`, fused by `rrf()`. */
  readonly fused: readonly RequestPicks[];
  /** The embedding cache's keys, in the order the store was asked. */
  readonly cacheKeys: readonly string[];
}

/** A container exercising every typed array kind and a non-ASCII header. */
export const probeContent = {
  kind: 'runtimes-probe',
  formatVersion: 1,
  meta: { names: ['send_email', 'ü', '漢字'], weight: 1.25 },
  arrays: [
    Float64Array.of(Math.PI, -0.5),
    Float32Array.of(1.5, -2, 3.25),
    Int32Array.of(-7, 2 ** 31 - 1),
    Uint32Array.of(1, 2, 3, 4, 5),
    Int16Array.of(-300),
    Uint16Array.of(65535, 0, 1),
    Int8Array.of(-128, 127),
    Uint8Array.of(9, 8, 7),
  ],
};

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};
const fromBase64 = (text: string): Uint8Array =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** FNV-1a: the same hash, so the same vectors, in every runtime. */
const hash = (text: string): number => fnv1a(text) >>> 0;

/** A deterministic bag-of-words embedder: each analysed term adds ±1 at a hashed position. */
const bagOfWords: EmbedderV1 = {
  specificationVersion: 'v1',
  provider: 'runtimes',
  modelId: 'bag-of-words-128',
  dimensions: 128,
  maxBatchSize: 16,
  async doEmbed(texts) {
    return {
      embeddings: texts.map((text) => {
        const vector = new Float32Array(128);
        for (const term of defaultTokenizer(text)) {
          const h = hash(term);
          vector[h % 128]! += h & 0x100 ? 1 : -1;
        }
        return vector;
      }),
    };
  },
};

/** An in-memory store that also lists the keys it was asked for. */
function keyRecordingStore(keys: string[]): EmbeddingStore {
  const entries = new Map<string, Float32Array>();
  return {
    async getMany(asked) {
      keys.push(...asked);
      return asked.map((key) => entries.get(key));
    },
    async setMany(given) {
      for (const [key, vector] of given) entries.set(key, vector);
    },
  };
}

/** The catalogue as an AI SDK tool set, as an app would declare it. */
function aiSdkTools(): ToolSet {
  const tools: ToolSet = {};
  for (const entry of catalogue) {
    tools[entry.name] = tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.parameters),
    });
  }
  return tools;
}

/**
 * Indexes the catalogue with the default pipeline under a token budget, restores it from Node's
 * snapshots, pre-selects and searches through the AI SDK adapter, and ranks with cached
 * embeddings; the same code in Node, the Edge Runtime and Chromium. Returns the report as JSON.
 */
export async function runPicks(input: RuntimeInput): Promise<string> {
  // In a browser the budget's counter starts with the head of its table; Node's counts need it whole.
  await loadWholeTable();
  const tools = toTools(catalogue);
  const picker = await lexical({ maxTokens: MAX_TOKENS }).index(tools);
  const lexicalPicks = [];
  for (const { query } of requests) {
    const selection = await picker.select(query, { limit: 5 });
    lexicalPicks.push({
      query,
      names: selection.picks.map((pick) => pick.name),
      tokens: selection.totalTokens ?? -1,
      dropped: selection.dropped.length,
    });
  }
  const snapshots = Object.fromEntries(
    Object.entries(picker.snapshot()).map(([id, bytes]) => [id, toBase64(bytes)]),
  );
  picker.dispose();

  const given = Object.fromEntries(
    Object.entries(input.snapshots).map(([id, text]) => [id, fromBase64(text)]),
  );
  const restoredPicker = await lexical({ maxTokens: MAX_TOKENS }).restore(tools, given);
  const restored = [];
  for (const { query } of requests) {
    const selection = await restoredPicker.select(query, { limit: 5 });
    restored.push({ query, names: selection.picks.map((pick) => pick.name) });
  }
  restoredPicker.dispose();

  const decodedContent = decodeSnapshot(fromBase64(input.container), probeContent);
  const decoded = {
    meta: decodedContent.meta,
    arrays: decodedContent.arrays.map((array) => Array.from(array, Number)),
  };

  const adapter = await shortlist(aiSdkTools(), {
    pipeline: lexical({ maxTokens: MAX_TOKENS }),
    limit: 3,
  });
  const preselected = [];
  const searched = [];
  for (const { query } of requests) {
    const step = await adapter.conversation().prepareStep({
      messages: [{ role: 'user', content: query }],
    } as never);
    preselected.push({ query, names: (step?.activeTools ?? []).map(String) });
    const found = await adapter.search({ query, tools: catalogue });
    searched.push({ query, names: found });
  }
  adapter.picker.dispose();

  const cacheKeys: string[] = [];
  const embedder = cached(bagOfWords, { store: keyRecordingStore(cacheKeys) });
  const fusedPicker = await pipe(semantic({ embedder }), bm25()).fuse(rrf()).index(tools);
  const fused = [];
  for (const { query } of requests) {
    const selection = await fusedPicker.select(query, { limit: 3 });
    fused.push({ query, names: selection.picks.map((pick) => pick.name) });
  }
  fusedPicker.dispose();

  const report: RuntimeReport = {
    lexical: lexicalPicks,
    restored,
    snapshots,
    container: toBase64(encodeSnapshot(probeContent)),
    decoded,
    preselected,
    searched,
    fused,
    cacheKeys,
  };
  return JSON.stringify(report);
}
