/** What a case must end in: a correct answer, a typed Shortlist error, or either. */
export type Wanted = 'answer' | 'typed-error' | 'either';

/** One attack on the public API, tied to the issue item it came from. */
export interface HostileCase {
  /** The numbered item: 1–10 of issue 14, then later findings (11–14). */
  readonly item: number;
  readonly name: string;
  readonly wants: Wanted;
  /** A typed error counts only when its message says this (the real cause, not a wrong one). */
  readonly errorSays?: RegExp;
  /** Programs the case starts, looked up on PATH; without one the case is skipped, visibly. */
  readonly needs?: readonly string[];
  /** Performs the attack; resolves with what the API answered. */
  run(): Promise<unknown>;
  /** Why an answer is wrong, or undefined when it is right. */
  check?(answer: unknown): string | undefined;
}

/** How a case ended; the table's columns. */
export type Outcome = 'typed-error' | 'handled' | 'silently-wrong' | 'crashed' | 'hung';
