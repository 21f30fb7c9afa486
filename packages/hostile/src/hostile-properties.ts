import { type Picker, type SelectOptions, ShortlistError } from '@shortlist/core';
import fc from 'fast-check';
import { badSelection, pipelines } from './catalogue.js';

const labels = Object.keys(pipelines());

/** Text a hostile caller might send: unicode, long runs, control characters, nothing at all. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('x', '的', ' ', '-', '\u0000', '😀'),
    minLength: 300,
    maxLength: 3000,
  }),
  fc.constantFrom('__proto__', 'constructor', 'toString', '<|endoftext|>', ''),
);

/** A catalogue of 1–12 tools with unique non-blank names and hostile texts and schemas. */
const catalogue = fc
  .uniqueArray(
    fc.record({
      name: fc.oneof(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom('__proto__', 'constructor'),
      ),
      description: hostileText,
      parameters: fc.option(
        fc.dictionary(
          fc.string({ maxLength: 8 }),
          fc.record({ type: fc.constantFrom('string', 'number'), description: hostileText }),
          { maxKeys: 4 },
        ),
        { nil: undefined },
      ),
    }),
    { minLength: 1, maxLength: 12, selector: (tool) => tool.name },
  )
  .filter((tools) => tools.every((tool) => tool.name.trim() !== ''))
  .map((tools) =>
    tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      ...(tool.parameters ? { parameters: { type: 'object', properties: tool.parameters } } : {}),
    })),
  );

/** Options a caller may pass: sensible, huge and nonsensical. */
const options = fc.oneof(
  fc.record({
    limit: fc.oneof(
      fc.integer({ min: 1, max: 20 }),
      fc.constantFrom(1e9, Number.MAX_SAFE_INTEGER, 2 ** 70),
    ),
    overFetch: fc.option(fc.double({ min: 1, max: 1e6, noNaN: true }), { nil: undefined }),
  }),
  fc.anything(),
);

/** Throws unless `error` is a Shortlist error: anything else is a crash. */
function mustBeTyped(error: unknown): void {
  if (!ShortlistError.isInstance(error)) throw error;
}

/**
 * Any catalogue, query and options on any pipeline: select() answers with at most `limit` tools
 * of the catalogue, each once, within the budget when it packs, or rejects with a typed error.
 */
export const selectProperty = fc.asyncProperty(
  fc.constantFrom(...labels),
  catalogue,
  hostileText,
  options,
  async (label, tools, query, selectOptions) => {
    let picker: Picker<unknown>;
    try {
      picker = await pipelines()[label]!().index(tools);
    } catch (error) {
      mustBeTyped(error);
      return;
    }
    try {
      const selection = await picker.select(query, selectOptions as SelectOptions);
      const limit = (selectOptions as { limit?: number } | undefined)?.limit ?? 5;
      const wrong = badSelection(
        selection,
        tools.map((tool) => tool.name),
        Math.min(limit, tools.length),
      );
      if (wrong) throw new Error(`${label}: ${wrong}`);
      if (selection.totalTokens !== undefined && selection.totalTokens > 4000) {
        throw new Error(`${label}: ${selection.totalTokens} tokens over a 4000-token budget`);
      }
    } catch (error) {
      mustBeTyped(error);
    } finally {
      picker.dispose();
    }
  },
);

type Operation = { kind: 'select'; query: string } | { kind: 'add' | 'remove'; tool: number };

/**
 * Selects, adds and removes launched together in any order: every select answers from one
 * catalogue, and afterwards every ranker holds exactly the catalogue.
 */
export const mutationProperty = fc.asyncProperty(
  fc.constantFrom(...labels),
  fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('select' as const),
        query: fc.constantFrom('alpha', 'bravo tool', 'charlie'),
      }),
      fc.record({
        kind: fc.constantFrom('add' as const, 'remove' as const),
        tool: fc.integer({ min: 0, max: 5 }),
      }),
    ),
    { maxLength: 24 },
  ),
  async (label, operations: Operation[]) => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    const toolOf = (i: number) => ({ name: `tool_${i}`, description: `${words[i]} tool` });
    const picker = await pipelines()[label]!().index([toolOf(0), toolOf(1)]);
    const all = words.map((_, i) => `tool_${i}`);
    const pending = operations.map((operation) => {
      if (operation.kind === 'select') {
        return picker.select(operation.query, { limit: 6 }).then((selection) => {
          const wrong = badSelection(selection, all, 6);
          if (wrong) throw new Error(`${label}: ${wrong}`);
        });
      }
      const change =
        operation.kind === 'add'
          ? picker.add([toolOf(operation.tool)])
          : picker.remove([`tool_${operation.tool}`]);
      return change.catch(mustBeTyped);
    });
    await Promise.all(pending);
    const held = new Set(picker.tools().map((tool) => tool.name));
    const sources = await picker.rankings(words.join(' '), { limit: 10 });
    for (const source of sources) {
      for (const entry of source.ranking) {
        if (!held.has(entry.name)) throw new Error(`${source.rankerId} still ranks ${entry.name}`);
      }
    }
    picker.dispose();
  },
);
