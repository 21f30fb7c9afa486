import { type EmbedderV1, InvalidArgumentError, type RankerV1, type Tool } from '@shortlist/core';
import { embedMany, type LongCallOptions, throwIfAborted } from '@shortlist/core/kit';
import { createExampleIndex, type ExampleIndex } from './example-index.js';
import { checkExamples, checkToolsKnown, exampleKey } from './examples.js';
import type { IntentExample, IntentOptions } from './intent-options.js';
import { decodeIntentSnapshot, encodeIntentSnapshot } from './intent-snapshot.js';

/** The intent ranker, plus a way to teach it new examples after indexing. */
export interface IntentRanker extends RankerV1 {
  /**
   * Embeds new examples and adds them to every live index this ranker built (and to later
   * ones). Each must name a tool of those catalogues, else `InvalidArgumentError` and none is added.
   */
  addExamples(examples: readonly IntentExample[], options?: LongCallOptions): Promise<void>;
}

const EXAMPLES = 'intent(options.examples)';

/**
 * Ranks tools by what users asked before: embeds labelled example queries once, then scores
 * each tool by the summed cosine of its examples among the query's nearest `neighbours`
 * (optionally with each tool's own text as one more example).
 * Tools without examples are absent from its rankings; fuse it with a ranker that sees them all.
 */
export function intent(options: IntentOptions): IntentRanker {
  const settings = checkOptions(options);
  const { embedder } = settings;
  const examples: IntentExample[] = [];
  const seen = new Set<string>();
  /** Adds examples not seen before (same query and tool), returning those it added. */
  const append = (list: readonly IntentExample[]): IntentExample[] => {
    const fresh: IntentExample[] = [];
    for (const example of list) {
      const key = exampleKey(example);
      if (seen.has(key)) continue;
      seen.add(key);
      fresh.push(example);
    }
    examples.push(...fresh);
    return fresh;
  };
  append(checkExamples(options.examples, EXAMPLES));

  /** Vectors by example key; each example is embedded once for every index of this ranker. */
  const vectors = new Map<string, Float32Array>();
  const live = new Set<WeakRef<ExampleIndex>>();
  const liveIndexes = (): ExampleIndex[] =>
    [...live].flatMap((ref) => {
      const index = ref.deref();
      if (!index) live.delete(ref);
      return index ? [index] : [];
    });

  const embedMissing = async (list: readonly IntentExample[], callOptions?: LongCallOptions) => {
    const missing = list.filter((example) => !vectors.has(exampleKey(example)));
    if (missing.length === 0) return;
    const embedded = await embedMany(
      embedder,
      missing.map((example) => example.query),
      { ...callOptions, phase: 'intent: embed examples', inputType: 'query' },
    );
    for (const [i, example] of missing.entries()) vectors.set(exampleKey(example), embedded[i]!);
  };
  const entriesOf = (list: readonly IntentExample[]) =>
    list.map((example) => ({ tool: example.tool, vector: vectors.get(exampleKey(example))! }));

  const build = async (tools: readonly Tool[], callOptions?: LongCallOptions) => {
    throwIfAborted(callOptions?.signal);
    const names = tools.map((tool) => tool.name);
    const known = new Set(names);
    // An empty catalogue (a picker filled later with add) cannot be checked; examples wait for their tools.
    if (tools.length > 0) checkToolsKnown(examples, known, EXAMPLES);
    await embedMissing(examples, callOptions);
    if (tools.length > 0) checkToolsKnown(examples, known, EXAMPLES); // examples added meanwhile
    const ref: { current?: WeakRef<ExampleIndex> } = {};
    const index = createExampleIndex(settings, {
      snapshot: () =>
        encodeIntentSnapshot(
          embedder,
          new Map(
            examples.map((example) => [exampleKey(example), vectors.get(exampleKey(example))!]),
          ),
        ),
      dispose: () => {
        if (ref.current) live.delete(ref.current);
      },
    });
    index.addExamples(entriesOf(examples));
    await index.doAdd(tools, callOptions); // also embeds the tools' own texts if settings.toolText
    ref.current = new WeakRef(index);
    live.add(ref.current);
    return index;
  };

  return {
    specificationVersion: 'v1',
    id: settings.id,
    doIndex: build,
    async doRestore(snapshot, tools, callOptions) {
      throwIfAborted(callOptions?.signal);
      const stored = decodeIntentSnapshot(embedder, snapshot);
      for (const example of examples) {
        const vector = stored.get(exampleKey(example));
        if (vector && !vectors.has(exampleKey(example))) vectors.set(exampleKey(example), vector);
      }
      return build(tools, callOptions);
    },
    async addExamples(list, callOptions) {
      throwIfAborted(callOptions?.signal);
      const checked = checkExamples(list, 'addExamples(examples)').filter(
        (example) => !seen.has(exampleKey(example)),
      );
      for (const index of liveIndexes()) {
        const known = new Set(
          checked.map((example) => example.tool).filter((tool) => index.has(tool)),
        );
        checkToolsKnown(checked, known, 'addExamples(examples)');
      }
      await embedMissing(checked, callOptions);
      const fresh = append(checked);
      for (const index of liveIndexes()) index.addExamples(entriesOf(fresh));
    },
  };
}

function checkOptions(options: IntentOptions) {
  const {
    embedder,
    neighbours = 5,
    id = 'intent',
    minScore = 0,
    exponent = 1,
    countExponent = 0,
    toolText = false,
  } = options ?? {};
  const fail = (argument: string, expected: string, got: unknown): never => {
    throw new InvalidArgumentError({
      argument: `intent(options.${argument})`,
      expected,
      message: `intent(): ${argument} must be ${expected}, got ${JSON.stringify(got)}`,
    });
  };
  if (!embedder || typeof (embedder as EmbedderV1).doEmbed !== 'function') {
    fail(
      'embedder',
      'an EmbedderV1, e.g. lexicalEmbedder() or createOpenAIEmbedder()',
      typeof embedder,
    );
  }
  if (!Number.isInteger(neighbours) || neighbours < 1)
    fail('neighbours', 'a positive integer', neighbours);
  if (typeof id !== 'string' || id === '') fail('id', 'a non-empty string', id);
  if (!Number.isFinite(minScore)) fail('minScore', 'a finite number', minScore);
  if (!Number.isFinite(exponent) || exponent <= 0) fail('exponent', 'a positive number', exponent);
  if (!Number.isFinite(countExponent) || countExponent < 0)
    fail('countExponent', 'a number of at least 0', countExponent);
  if (typeof toolText !== 'boolean') fail('toolText', 'a boolean', toolText);
  return { embedder, neighbours, id, minScore, exponent, countExponent, toolText };
}
