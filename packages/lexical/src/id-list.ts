/** A growable list of term ids, copied out whole: what an interning tokenizer fills per text. */
export class IdList {
  private ids = new Int32Array(256);
  private length = 0;

  push(id: number): void {
    if (this.length === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.length++] = id;
  }

  /** The ids pushed since the last take, as a new array; the list starts again empty. */
  take(): Int32Array {
    const out = this.ids.slice(0, this.length);
    this.length = 0;
    return out;
  }
}
