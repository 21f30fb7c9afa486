import { hasErrorCode, ShortlistError } from './shortlist-error.js';

/** A caller passed something Shortlist cannot use; says which argument and what was expected. */
export class InvalidArgumentError extends ShortlistError {
  /** The argument at fault, as a path a user can find: `tools[3].name`, `budget(maxTokens)`. */
  readonly argument: string;
  /** What would have been accepted, in words. */
  readonly expected: string;

  constructor(options: { argument: string; expected: string; message: string; cause?: unknown }) {
    super('invalid-argument', options.message, { cause: options.cause });
    this.name = 'InvalidArgumentError';
    this.argument = options.argument;
    this.expected = options.expected;
  }

  static override isInstance(value: unknown): value is InvalidArgumentError {
    return hasErrorCode(value, 'invalid-argument');
  }
}
