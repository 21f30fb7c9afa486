import { CorruptDataError } from '@shortlist/core';

/** One thing wrong with a dataset file, located to the line. */
export interface DatasetProblem {
  /** The file at fault, as given: `bfcl/queries.jsonl`. */
  readonly file: string;
  /** 1-based line number. */
  readonly line: number;
  readonly message: string;
}

const SHOWN = 20;

/**
 * A dataset folder failed validation. Lists every problem found (malformed lines, duplicate ids,
 * relevant ids missing from the pool) so one run reports them all.
 */
export class DatasetError extends CorruptDataError {
  readonly problems: readonly DatasetProblem[];

  constructor(source: string, problems: readonly DatasetProblem[]) {
    const listed = problems
      .slice(0, SHOWN)
      .map((p) => `${p.file}:${p.line}: ${p.message}`)
      .join('; ');
    const more = problems.length > SHOWN ? `; and ${problems.length - SHOWN} more` : '';
    super({
      source,
      message: `dataset ${source} has ${problems.length} problem${
        problems.length === 1 ? '' : 's'
      }: ${listed}${more}. Fix the lines named above.`,
    });
    this.name = 'DatasetError';
    this.problems = problems;
  }
}
