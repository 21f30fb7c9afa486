import { InvalidArgumentError } from '@shortlist/core';
import type {
  BudgetOptions,
  CountingMethod,
  PackingStrategy,
  TokenizerChoice,
} from './budget-options.js';
import { encodingForModel } from './model-encoding.js';
import { checkEncoding, type TokenEncoding } from './token-counter.js';
import { type DefinitionFormat, definitionFormats } from './tool-definition.js';

/** Options after validation, with the encoding decided. */
export interface ResolvedOptions {
  readonly id: string;
  readonly maxTokens: number;
  /** Undefined when only a pending tokenizer knows it. */
  readonly encoding: TokenEncoding | undefined;
  readonly format: DefinitionFormat;
  readonly strategy: PackingStrategy;
  readonly counting: CountingMethod;
  readonly tokenizer: TokenizerChoice;
  readonly eager: boolean;
  /** Set when an unknown model made the budget assume `o200k_base`. */
  readonly warning: string | undefined;
}

const strategies: readonly PackingStrategy[] = ['greedy', 'optimal'];
const countingMethods: readonly CountingMethod[] = ['exact', 'estimate'];
const quoted = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(', ');
const shown = (value: unknown): string =>
  typeof value === 'function'
    ? 'a function'
    : typeof value === 'number' || typeof value === 'bigint'
      ? String(value)
      : (JSON.stringify(value) ?? String(value));

function oneOf<T extends string>(value: unknown, allowed: readonly T[], argument: string): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new InvalidArgumentError({
      argument,
      expected: `one of ${quoted(allowed)}`,
      message: `${argument} must be one of ${quoted(allowed)}, got ${shown(value)}`,
    });
  }
  return value as T;
}

const isCounter = (value: unknown): value is { encoding: unknown; count: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { count?: unknown }).count === 'function';

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { then?: unknown }).then === 'function';

/** Validates `budget()`'s arguments, throwing one typed error that says what to change. */
export function resolveOptions(
  maxTokens: unknown,
  options: BudgetOptions | undefined,
): ResolvedOptions {
  if (typeof maxTokens !== 'number' || !Number.isSafeInteger(maxTokens) || maxTokens < 1) {
    throw new InvalidArgumentError({
      argument: 'budget(maxTokens)',
      expected: 'a positive integer',
      message: `budget(${shown(maxTokens)}): maxTokens must be a positive integer, e.g. budget(4000)`,
    });
  }
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new InvalidArgumentError({
      argument: 'budget(options)',
      expected: 'an options object',
      message: `budget(${maxTokens}, options): options must be an object, got ${shown(options)}`,
    });
  }
  const {
    model,
    id = 'budget',
    format = 'openai-chat',
    strategy = 'greedy',
    counting = 'exact',
    tokenizer = 'upper-bound',
    eager = false,
  } = options ?? {};
  if (typeof id !== 'string' || id === '') {
    throw new InvalidArgumentError({
      argument: 'budget(options.id)',
      expected: 'a non-empty string',
      message: `budget(options.id) must be a non-empty string, got ${shown(id)}`,
    });
  }
  if (typeof format !== 'function') oneOf(format, definitionFormats, 'budget(options.format)');
  oneOf(strategy, strategies, 'budget(options.strategy)');
  oneOf(counting, countingMethods, 'budget(options.counting)');
  if (counting === 'estimate' && format !== 'openai-chat') {
    throw new InvalidArgumentError({
      argument: 'budget(options.counting)',
      expected: "'exact' unless options.format is 'openai-chat'",
      message: `budget(options.counting): 'estimate' implements OpenAI's method for Chat Completions functions and needs format 'openai-chat', got format ${shown(format)}; use counting 'exact'`,
    });
  }
  if (typeof eager !== 'boolean') {
    throw new InvalidArgumentError({
      argument: 'budget(options.eager)',
      expected: 'a boolean',
      message: `budget(options.eager) must be true or false, got ${shown(eager)}`,
    });
  }
  if (!isCounter(tokenizer) && !isPromiseLike(tokenizer)) {
    oneOf(tokenizer, ['upper-bound', 'gpt-tokenizer', 'tiktoken'], 'budget(options.tokenizer)');
  }
  if (model !== undefined && (typeof model !== 'string' || model.trim() === '')) {
    throw new InvalidArgumentError({
      argument: 'budget(options.model)',
      expected: 'a model id such as "gpt-4o"',
      message: `budget(options.model) must be a model id such as "gpt-4o", got ${shown(model)}`,
    });
  }

  const explicit =
    options?.encoding === undefined
      ? undefined
      : checkEncoding(options.encoding, 'budget(options.encoding)');
  const fromModel = model === undefined ? undefined : encodingForModel(model);
  const counterEncoding = isCounter(tokenizer)
    ? checkEncoding(tokenizer.encoding, 'budget(options.tokenizer).encoding')
    : undefined;
  const wanted = explicit ?? (fromModel?.known ? fromModel.encoding : undefined);
  if (wanted && counterEncoding && wanted !== counterEncoding) {
    throw new InvalidArgumentError({
      argument: 'budget(options.tokenizer)',
      expected: `a tokenizer with encoding '${wanted}'`,
      message: `budget(options.tokenizer) counts with '${counterEncoding}' but ${explicit ? 'options.encoding' : `model "${model}"`} needs '${wanted}'; create the tokenizer with { encoding: '${wanted}' }`,
    });
  }
  const pendingCounter = isPromiseLike(tokenizer);
  const warning =
    fromModel && !fromModel.known && !explicit && !counterEncoding && !pendingCounter
      ? `budget(): unknown model "${model}"; counting tokens with o200k_base. Pass { encoding } to choose one.`
      : undefined;
  return {
    id,
    maxTokens,
    encoding: wanted ?? counterEncoding ?? (pendingCounter ? undefined : 'o200k_base'),
    format,
    strategy,
    counting,
    tokenizer,
    eager,
    warning,
  };
}
