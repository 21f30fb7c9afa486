import { WordIds } from './word-ids.js';

/**
 * The word ids of texts read by the index builds that run in one synchronous stretch (the
 * rankers of one `pipe().index()`), with the ids of each text kept: the first ranker to read a
 * tool's text splits it, the others find it read. A text's ids are a function of the text and
 * the table, so nothing goes stale; the table is let go after the stretch, to free its memory.
 */
export class SharedWords {
  /** The table every reader of this stretch shares: ids are this table's. */
  readonly words: WordIds = new WordIds();
  /** Entry of each text read: its ids are `ids[starts[entry]]` to `ids[starts[entry + 1]]`. */
  private readonly texts = new Map<string, number>();
  private starts = new Int32Array(1024);
  private entries = 0;
  /** The word ids of every text read, one after another (shared: never write to them). */
  ids: Int32Array = new Int32Array(65536);
  /** Where the last text read starts in `ids`. */
  begin = 0;
  /** Where it ends. */
  end = 0;

  /** Reads `text`, or finds it read: its word ids are then `ids[begin]` to `ids[end]`. */
  read(text: string): void {
    let entry = this.texts.get(text);
    if (entry === undefined) {
      const count = this.words.read(text);
      const at = this.starts[this.entries]!;
      if (at + count > this.ids.length) {
        const grown = new Int32Array(Math.max(this.ids.length * 2, at + count));
        grown.set(this.ids.subarray(0, at));
        this.ids = grown;
      }
      this.ids.set(this.words.ids.subarray(0, count), at);
      entry = this.entries++;
      if (this.entries + 1 > this.starts.length) {
        const grown = new Int32Array(this.starts.length * 2);
        grown.set(this.starts);
        this.starts = grown;
      }
      this.starts[this.entries] = at + count;
      this.texts.set(text, entry);
    }
    this.begin = this.starts[entry]!;
    this.end = this.starts[entry + 1]!;
  }
}

let current: SharedWords | undefined;

/**
 * The `SharedWords` of the current synchronous stretch: an index build takes it once, at its
 * start, and reads every text through it, so its ids all come from one table.
 */
export function sharedWords(): SharedWords {
  if (current === undefined) {
    current = new SharedWords();
    queueMicrotask(() => {
      current = undefined;
    });
  }
  return current;
}
