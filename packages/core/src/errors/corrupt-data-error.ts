import { hasErrorCode, ShortlistError } from './shortlist-error.js';

/** Stored data (a snapshot, a cache file) is torn, corrupted or from an incompatible version. */
export class CorruptDataError extends ShortlistError {
  /** What was being read: `bm25 snapshot`, `embedding cache /tmp/x.bin`. */
  readonly source: string;

  constructor(options: { source: string; message: string; cause?: unknown }) {
    super('corrupt-data', options.message, { cause: options.cause });
    this.name = 'CorruptDataError';
    this.source = options.source;
  }

  static override isInstance(value: unknown): value is CorruptDataError {
    return hasErrorCode(value, 'corrupt-data');
  }
}
