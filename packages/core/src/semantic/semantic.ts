import { embedMany, nonFiniteAt } from '../embedding/embed-many.js';
import { createVectorIndex, type VectorIndex } from '../embedding/vector-index.js';
import { CorruptDataError } from '../errors/corrupt-data-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { sameToolNames } from '../snapshot/snapshot-checks.js';
import { decodeSnapshot, encodeSnapshot } from '../snapshot/snapshot-codec.js';
import type { EmbedderV1 } from '../spec/embedder-v1.js';
import type { RankedTool, RankerIndexV1, RankerV1 } from '../spec/ranker-v1.js';
import { toolText } from '../text/tool-fields.js';
import type { Tool } from '../tools/tool.js';
import { throwIfAborted } from '../util/abort.js';

export interface SemanticOptions {
  /** Embeds tool texts at index time and the query at select time. */
  readonly embedder: EmbedderV1;
  /** The text embedded for each tool. @default toolText (name, title, description, parameters) */
  readonly text?: (tool: Tool) => string;
  /** Names this ranker in fused results. @default 'semantic' */
  readonly id?: string;
}

const SNAPSHOT_KIND = 'semantic';
/** 2: the rows are the index's own unit rows, adopted as stored on restore (1 re-normalised them). */
const SNAPSHOT_FORMAT = 2;

/**
 * Ranks tools by cosine similarity between the query's embedding and each tool's. Tools are
 * embedded once at index time, in batches of the embedder's size; a query costs one embedding.
 */
export function semantic(options: SemanticOptions): RankerV1 {
  const { embedder, text = toolText, id = 'semantic' } = options ?? {};
  if (!embedder || typeof embedder.doEmbed !== 'function') {
    throw new InvalidArgumentError({
      argument: 'semantic(options.embedder)',
      expected: 'an EmbedderV1',
      message:
        'semantic() needs an embedder: semantic({ embedder }), e.g. createOpenAIEmbedder() or lexicalEmbedder()',
    });
  }

  const embedTools = (tools: readonly Tool[], options?: Parameters<typeof embedMany>[2]) =>
    embedMany(
      embedder,
      tools.map((tool) => text(tool)),
      { ...options, phase: 'semantic: embed tools', inputType: 'document' },
    );

  /**
   * A zero row is what a local embedder gives text without features, so it may be real; it is
   * refused when the embedder gives that tool a real vector: the snapshot was damaged or altered.
   */
  const checkZeroRows = async (
    keys: readonly string[],
    matrix: Float32Array,
    tools: readonly Tool[],
    options?: Parameters<typeof embedMany>[2],
  ) => {
    const dimensions = embedder.dimensions;
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const suspects: Tool[] = [];
    for (let row = 0; row < keys.length; row++) {
      let i = row * dimensions;
      const end = i + dimensions;
      while (i < end && matrix[i] === 0) i++;
      const tool = i === end ? byName.get(keys[row]!) : undefined;
      if (tool) suspects.push(tool);
    }
    if (suspects.length === 0) return;
    const embedded = await embedTools(suspects, options);
    const real = embedded.findIndex((vector) => vector.some((value) => value !== 0));
    if (real !== -1) {
      throw new CorruptDataError({
        source: 'semantic snapshot',
        message: `semantic snapshot cannot be restored: the row of "${suspects[real]!.name}" is all zeros, but ${embedder.modelId} embeds that tool as a real vector (a damaged or altered snapshot); re-index the tools`,
      });
    }
  };

  const wrap = (vectors: VectorIndex): RankerIndexV1 => ({
    get size() {
      return vectors.size;
    },
    async doRank(query, { limit, signal, only }) {
      throwIfAborted(signal);
      if (query.trim() === '' || vectors.size === 0 || limit <= 0) return [];
      const [embedding] = await embedMany(embedder, [query], {
        signal,
        phase: 'semantic: query',
        inputType: 'query',
      });
      // A tool with nothing in common with the query (cosine ≤ 0) is no match: a query of
      // unknown words selects nothing rather than `limit` tools scoring zero.
      const ranking: RankedTool[] = [];
      // A scope is applied while searching: its best tools, not the catalogue's best filtered.
      const accept = only && ((key: string) => only.has(key));
      for (const { key, score } of vectors.search(embedding!, limit, accept)) {
        if (score > 0) ranking.push({ name: key, score });
      }
      return ranking;
    },
    async doAdd(tools, options) {
      const embeddings = await embedTools(tools, options);
      for (const [i, tool] of tools.entries()) vectors.add(tool.name, embeddings[i]!);
    },
    async doRemove(names, options) {
      throwIfAborted(options?.signal);
      vectors.removeKeys(new Set(names));
    },
    doSnapshot() {
      const { keys, vectors: matrix } = vectors.export();
      return encodeSnapshot({
        kind: SNAPSHOT_KIND,
        formatVersion: SNAPSHOT_FORMAT,
        meta: { modelId: embedder.modelId, dimensions: embedder.dimensions, keys },
        arrays: [matrix],
      });
    },
  });

  return {
    specificationVersion: 'v1',
    id,
    async doIndex(tools, options) {
      const vectors = createVectorIndex(embedder.dimensions, tools.length);
      const index = wrap(vectors);
      await index.doAdd!(tools, options);
      return index;
    },
    async doRestore(snapshot, tools, options) {
      throwIfAborted(options?.signal);
      // Views, not copies: the vector index adopts the rows and copies them before any write.
      const content = decodeSnapshot(
        snapshot,
        { kind: SNAPSHOT_KIND, formatVersion: SNAPSHOT_FORMAT },
        { views: true },
      );
      const meta = content.meta as { modelId?: string; dimensions?: number; keys?: string[] };
      const matrix = content.arrays[0];
      if (
        meta.modelId !== embedder.modelId ||
        meta.dimensions !== embedder.dimensions ||
        !Array.isArray(meta.keys) ||
        !(matrix instanceof Float32Array) ||
        matrix.length !== meta.keys.length * embedder.dimensions
      ) {
        throw new InvalidArgumentError({
          argument: 'snapshot',
          expected: `a semantic snapshot made with ${embedder.modelId} (${embedder.dimensions} dimensions)`,
          message: `semantic snapshot was made with ${String(meta.modelId)} (${String(
            meta.dimensions,
          )} dimensions), not ${embedder.modelId} (${embedder.dimensions}); re-index with this embedder`,
        });
      }
      const bad = nonFiniteAt(matrix);
      if (bad !== -1) {
        throw new CorruptDataError({
          source: 'semantic snapshot',
          message: `semantic snapshot cannot be restored: row ${Math.floor(
            bad / embedder.dimensions,
          )} holds ${matrix[bad]}; a stored vector must be finite, re-index the tools`,
        });
      }
      await checkZeroRows(meta.keys, matrix, tools, options);
      const vectors = createVectorIndex(embedder.dimensions, 1);
      // The usual case, rows of exactly these tools in their order: no set of names is needed.
      if (sameToolNames(meta.keys, tools)) {
        vectors.import(meta.keys, matrix);
        return wrap(vectors);
      }
      const stored = new Set<unknown>(meta.keys);
      if (stored.size !== meta.keys.length || !meta.keys.every((key) => typeof key === 'string')) {
        throw new CorruptDataError({
          source: 'semantic snapshot',
          message:
            'semantic snapshot cannot be restored: its keys are not distinct tool names; re-index the tools',
        });
      }
      // The rows are adopted as they were stored (checked to be unit vectors), not rebuilt.
      vectors.import(meta.keys, matrix);
      const missing = tools.filter((tool) => !stored.has(tool.name));
      // Rows of tools no longer in the catalogue (only looked for when some must exist).
      if (meta.keys.length > tools.length - missing.length) {
        const known = new Set(tools.map((tool) => tool.name));
        vectors.removeKeys(new Set(meta.keys.filter((key) => !known.has(key))));
      }
      const index = wrap(vectors);
      if (missing.length > 0) await index.doAdd!(missing, options);
      return index;
    },
  };
}
