import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** A request and the tool that served it (or, with `helpful: false`, did not): what learning reads. */
export interface ToolExample {
  readonly query: string;
  readonly tool: string;
  /**
   * `false` when the tool was offered or called for this query and did not serve it (refused,
   * failed, undone): it then ranks lower for such requests. @default true
   */
  readonly helpful?: boolean;
  /** When it was learnt, in ms since the epoch; stores stamp it when absent and age examples by it. */
  readonly at?: number;
  /**
   * Who taught it: a user, client or session id, as `select(query, { source })` names who asks.
   * Another source's evidence counts once per tool and only as far as trust earned from others'
   * feedback goes, so one caller cannot steer everyone's picks. @default the one anonymous source
   */
  readonly source?: string;
}

/** Longest source id, in UTF-16 units. */
export const MAX_SOURCE_LENGTH = 200;

/**
 * Which examples to forget, e.g. on a user's request to erase what they asked: a tool's, those
 * whose query is exactly this one (case and spacing aside), those whose query contains a text,
 * or everything.
 */
export type ExampleSelector =
  | { readonly tool: string }
  | { readonly query: string }
  | { readonly queryContains: string }
  | { readonly all: true };

/**
 * Longest query an example may hold, in UTF-16 units. Requests are short; a longer text is a
 * conversation or an attack, and would cost every later select that compares against it.
 */
export const MAX_EXAMPLE_QUERY_LENGTH = 2000;

/**
 * Identifies an example for repeats: the same request, tool, verdict and source is one example,
 * whenever learnt. Each text is prefixed with its length, so no two examples share a key; cheaper
 * than JSON, as opening a store keys every example it reads.
 */
export const exampleKey = (example: ToolExample): string => {
  const { query, tool, source } = example;
  const head = `${example.helpful === false ? '-' : '+'}${query.length}:${query}${tool.length}:${tool}`;
  return source === undefined ? head : `${head}${source.length}:${source}`;
};

/** Printable ASCII without capitals, in words one space apart: already folded (stored requests are). */
const FOLDED = /^[!-@[-~]+(?: [!-@[-~]+)*$/;

/** A query as `{ query }` selectors compare it: case and spacing aside. */
export const foldedQuery = (text: string): string =>
  FOLDED.test(text) ? text : text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether `selector` picks `example`; the one definition every store and learned index uses. */
export function exampleMatches(example: ToolExample, selector: ExampleSelector): boolean {
  if ('all' in selector) return true;
  if ('tool' in selector) return example.tool === selector.tool;
  if ('query' in selector) return foldedQuery(example.query) === foldedQuery(selector.query);
  return foldedQuery(example.query).includes(foldedQuery(selector.queryContains));
}

const fail = (argument: string, expected: string, message: string): never => {
  throw new InvalidArgumentError({ argument, expected, message });
};

/** A selector a caller passed, checked: exactly one known key with a usable value. */
export function checkSelector(selector: unknown, argument: string): ExampleSelector {
  const expected = '{ tool }, { query }, { queryContains } or { all: true }';
  if (typeof selector !== 'object' || selector === null || Array.isArray(selector)) {
    return fail(argument, expected, `${argument} must be ${expected}, got ${String(selector)}`);
  }
  const keys = Object.keys(selector);
  const key = keys[0];
  const value = (selector as Record<string, unknown>)[key ?? ''];
  if (keys.length !== 1 || !['tool', 'query', 'queryContains', 'all'].includes(key!)) {
    return fail(
      argument,
      expected,
      `${argument} must have exactly one of tool, query, queryContains or all, got {${keys.join(', ')}}`,
    );
  }
  if (key === 'all' ? value !== true : typeof value !== 'string' || value.trim() === '') {
    return fail(
      argument,
      expected,
      `${argument}.${key} must be ${key === 'all' ? 'true' : 'a non-empty string'}, got ${String(value)}`,
    );
  }
  return selector as ExampleSelector;
}

/** The earliest `at` an example may carry (2000-01-01): anything before is a unit slip (seconds?). */
const EARLIEST_EXAMPLE_AT = Date.UTC(2000, 0, 1);
/** How far ahead of this clock an `at` may be (a day, for skewed clocks): later ones never age out. */
const FUTURE_SLACK_MS = 86_400_000;

/**
 * Examples a caller passed, checked one by one: a non-empty query of at most
 * `MAX_EXAMPLE_QUERY_LENGTH`, a tool name `known` accepts, `helpful` a boolean when given, and,
 * given `now` (new examples, not stored ones), `at` between 2000-01-01 and a day after `now`.
 * Throws for the first bad one, so none of a bad batch is learnt.
 */
export function checkExamples(
  examples: unknown,
  argument: string,
  known: (tool: string) => boolean,
  now?: number,
): ToolExample[] {
  if (!Array.isArray(examples)) {
    return fail(
      argument,
      'an array of { query, tool } examples',
      `${argument} must be an array of { query, tool } examples, got ${examples === null ? 'null' : typeof examples}`,
    );
  }
  return examples.map((example: unknown, i) => {
    const at = `${argument}[${i}]`;
    if (typeof example !== 'object' || example === null) {
      return fail(
        at,
        'a { query, tool } object',
        `${at} must be a { query, tool } object, got ${String(example)}`,
      );
    }
    const { query, tool, helpful, at: when, source } = example as Record<string, unknown>;
    if (typeof query !== 'string' || query.trim() === '') {
      return fail(
        `${at}.query`,
        'a non-empty string',
        `${at}.query must be the request's text, a non-empty string`,
      );
    }
    if (query.length > MAX_EXAMPLE_QUERY_LENGTH) {
      return fail(
        `${at}.query`,
        `at most ${MAX_EXAMPLE_QUERY_LENGTH} characters`,
        `${at}.query has ${query.length} characters; an example's query holds at most ${MAX_EXAMPLE_QUERY_LENGTH}, pass the user's request rather than the whole conversation`,
      );
    }
    if (typeof tool !== 'string' || !known(tool)) {
      return fail(
        `${at}.tool`,
        'the name of a tool in the catalogue',
        `${at}.tool ${typeof tool === 'string' ? `"${tool.slice(0, 100)}" is not in the catalogue` : 'must be a tool name'}; examples teach tools the picker has`,
      );
    }
    if (helpful !== undefined && typeof helpful !== 'boolean') {
      return fail(
        `${at}.helpful`,
        'a boolean',
        `${at}.helpful must be true, false or absent, got ${String(helpful)}`,
      );
    }
    if (when !== undefined && (typeof when !== 'number' || !Number.isFinite(when))) {
      return fail(
        `${at}.at`,
        'a time in ms since the epoch',
        `${at}.at must be a finite time in ms since the epoch, got ${String(when)}`,
      );
    }
    if (
      now !== undefined &&
      when !== undefined &&
      (when < EARLIEST_EXAMPLE_AT || when > now + FUTURE_SLACK_MS)
    ) {
      return fail(
        `${at}.at`,
        'a time between 2000-01-01 and a day from now',
        `${at}.at is ${when}, outside 2000-01-01 to a day from now; pass when the example was learnt in ms since the epoch (Date.now()), or leave it out`,
      );
    }
    if (
      source !== undefined &&
      (typeof source !== 'string' || source === '' || source.length > MAX_SOURCE_LENGTH)
    ) {
      return fail(
        `${at}.source`,
        `a non-empty string of at most ${MAX_SOURCE_LENGTH} characters`,
        `${at}.source must name who taught it (a user, client or session id) in 1 to ${MAX_SOURCE_LENGTH} characters, got ${typeof source === 'string' ? `${source.length} characters` : String(source)}`,
      );
    }
    const checked: ToolExample = { query, tool };
    return {
      ...checked,
      ...(helpful === false ? { helpful } : {}),
      ...(when !== undefined ? { at: when } : {}),
      ...(source !== undefined ? { source: source as string } : {}),
    };
  });
}
